import { DatabaseSettings } from '../components/interfaces/DatabaseSettings/DatabaseSettings'

export default function DatabaseSettingsRoute() {
  return <DatabaseSettings />
}
