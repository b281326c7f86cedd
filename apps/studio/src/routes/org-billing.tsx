import { BillingPage } from '../components/interfaces/Billing/BillingPage'

export default function OrganizationBillingRoute() {
  return <BillingPage />
}
