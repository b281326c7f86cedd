import { OrganizationLayout } from '../components/interfaces/Organization/OrganizationLayout'

export default function OrganizationLayoutRoute() {
  return <OrganizationLayout />
}
