import { AccessTokensPage } from '../components/interfaces/AccessTokens/AccessTokensPage'

export default function AccountTokensRoute() {
  return <AccessTokensPage />
}
