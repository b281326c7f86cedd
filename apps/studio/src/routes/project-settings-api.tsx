import { ApiSettings } from '../components/interfaces/ApiSettings/ApiSettings'

export default function ApiSettingsRoute() {
  return <ApiSettings />
}
