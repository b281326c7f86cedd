import { ProjectList } from '../components/interfaces/Projects/ProjectList'

export default function ProjectsRoute() {
  return <ProjectList />
}
