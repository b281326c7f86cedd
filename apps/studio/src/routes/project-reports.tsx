import { useParams } from 'react-router'
import { ReportsPage } from '../components/interfaces/Reports/ReportsPage'

export default function ProjectReportsRoute() {
  const { ref = '' } = useParams()
  return <ReportsPage projectRef={ref} />
}
