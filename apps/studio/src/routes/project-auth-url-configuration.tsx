import { UrlConfigurationPage } from '../components/interfaces/AuthSettings/UrlConfigurationPage'

export default function ProjectAuthUrlConfigurationRoute() {
  return <UrlConfigurationPage />
}
