import { EdgeFunctionsList } from '../components/interfaces/EdgeFunctions/EdgeFunctionsList'

export default function ProjectFunctionsRoute() {
  return <EdgeFunctionsList />
}
