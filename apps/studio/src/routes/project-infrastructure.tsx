import { InfrastructurePage } from '../components/interfaces/Infrastructure/InfrastructurePage'

export default function ProjectInfrastructureRoute() {
  return <InfrastructurePage />
}
