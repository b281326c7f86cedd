import { EdgeFunctionDetails } from '../components/interfaces/EdgeFunctions/EdgeFunctionDetails'

export default function ProjectFunctionDetailsRoute() {
  return <EdgeFunctionDetails />
}
