import { VaultPage } from '../components/interfaces/Vault/VaultPage'

export default function ProjectVaultRoute() {
  return <VaultPage />
}
