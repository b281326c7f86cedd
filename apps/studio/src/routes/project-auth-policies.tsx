import { ProjectAuthPage } from '../components/interfaces/ProjectAuth/ProjectAuthPage'

export default function ProjectAuthPoliciesRoute() {
  return <ProjectAuthPage />
}
