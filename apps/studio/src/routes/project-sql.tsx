import { useParams } from 'react-router'
import { SQLEditorPage } from '../components/interfaces/SQLEditor/SQLEditorPage'

/** /project/{ref}/sql and /project/{ref}/sql/{id} */
export default function ProjectSqlRoute() {
  const { ref = '', id } = useParams()
  return <SQLEditorPage projectRef={ref} snippetId={id} />
}
