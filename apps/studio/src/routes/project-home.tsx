import { ProjectHome } from '../components/interfaces/ProjectHome/ProjectHome'

export default function ProjectHomeRoute() {
  return <ProjectHome />
}
