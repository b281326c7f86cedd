import { ProjectAuthPage } from '../components/interfaces/ProjectAuth/ProjectAuthPage'

export default function ProjectAuthRoute() {
  return <ProjectAuthPage />
}
