import { OrganizationGeneralPage } from '../components/interfaces/Organization/OrganizationGeneralPage'

export default function OrganizationGeneralRoute() {
  return <OrganizationGeneralPage />
}
