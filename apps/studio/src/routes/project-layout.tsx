import { ProjectLayout } from '../components/interfaces/ProjectLayout/ProjectLayout'

export default function ProjectLayoutRoute() {
  return <ProjectLayout />
}
