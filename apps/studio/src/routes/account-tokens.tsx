import { AccessTokensPage } from '../components/interfaces/AccessTokens/AccessTokensPage'
import { InstanceAdminsSection } from '../components/interfaces/InstanceAdmins/InstanceAdminsSection'

export default function AccountTokensRoute() {
  return (
    <>
      <AccessTokensPage />
      <InstanceAdminsSection />
    </>
  )
}
