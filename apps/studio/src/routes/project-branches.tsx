import { BranchesPage } from '../components/interfaces/Branches/BranchesPage'

export default function ProjectBranchesRoute() {
  return <BranchesPage />
}
