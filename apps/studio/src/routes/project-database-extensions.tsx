import { DatabaseExtensionsPage } from '../components/interfaces/DatabaseExtensions/DatabaseExtensionsPage'

export default function DatabaseExtensionsRoute() {
  return <DatabaseExtensionsPage />
}
