import { useParams } from 'react-router'
import { TableEditorPage } from '../components/interfaces/TableEditor/TableEditorPage'

/** /project/{ref}/editor and /project/{ref}/editor/{tableId} */
export default function ProjectEditorRoute() {
  const { ref = '', tableId } = useParams()
  const id = tableId !== undefined && /^\d+$/.test(tableId) ? Number(tableId) : undefined
  // a malformed id is answered like a missing table
  return <TableEditorPage projectRef={ref} tableId={tableId === undefined ? undefined : (id ?? -1)} />
}
