import { ProvidersPage } from '../components/interfaces/AuthSettings/ProvidersPage'

export default function ProjectAuthProvidersRoute() {
  return <ProvidersPage />
}
