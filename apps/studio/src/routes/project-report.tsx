import { useParams } from 'react-router'
import { ReportPage } from '../components/interfaces/Reports/ReportPage'

export default function ProjectReportRoute() {
  const { ref = '', id = '' } = useParams()
  return <ReportPage key={id} projectRef={ref} reportId={id} />
}
