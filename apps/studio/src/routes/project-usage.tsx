import { UsagePage } from '../components/interfaces/Usage/UsagePage'

export default function ProjectUsageRoute() {
  return <UsagePage />
}
