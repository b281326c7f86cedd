import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { isApiError } from '../../../data/fetcher'
import { useTableQuery } from '../../../data/pg-meta/table-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { ErrorState } from '../../ui/ErrorState'
import { PageSkeleton } from '../../ui/Skeleton'
import { TableDesignerPanel } from './side-panels'
import { TableList } from './TableList'
import { TableView } from './TableView'
import {
  DEFAULT_SCHEMA,
  PICK_TABLE_DESCRIPTION,
  PICK_TABLE_TITLE,
  PROJECT_NOT_RUNNING_MESSAGE,
  TABLE_CREATED_TOAST,
  TABLE_NOT_FOUND_DESCRIPTION,
  TABLE_NOT_FOUND_TITLE,
} from './table-editor.constants'

/** /project/{ref}/editor and /project/{ref}/editor/{tableId}: the tables of a schema next to one table's rows. */
export function TableEditorPage({ projectRef, tableId }: { projectRef: string; tableId: number | undefined }) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const running = project.data?.status === 'ACTIVE_HEALTHY'
  const table = useTableQuery({ ref: projectRef, id: tableId ?? 0 }, { enabled: running && tableId !== undefined })
  const [schema, setSchema] = useState(DEFAULT_SCHEMA)
  const [creating, setCreating] = useState(false)
  const navigate = useNavigate()
  const { can: canWrite } = useCan(PermissionAction.SQL_WRITE, PermissionResource.DATABASE, {
    orgSlug: project.data?.organization_slug,
  })
  const tableSchema = table.data?.schema
  useEffect(() => {
    if (tableSchema) setSchema(tableSchema)
  }, [tableSchema])

  if (project.isPending) return <PageSkeleton />
  if (!running) {
    return (
      <div className="p-6">
        <Alert tone="warning">{PROJECT_NOT_RUNNING_MESSAGE}</Alert>
      </div>
    )
  }

  let main: React.ReactNode
  if (tableId === undefined) {
    main = (
      <div className="flex h-full flex-col items-center justify-center gap-1 p-6 text-center">
        <h1 className="text-base font-semibold text-neutral-900">{PICK_TABLE_TITLE}</h1>
        <p className="text-sm text-neutral-600">{PICK_TABLE_DESCRIPTION}</p>
      </div>
    )
  } else if (table.isError) {
    main =
      isApiError(table.error) && table.error.status === 404 ? (
        <div
          className="flex h-full flex-col items-center justify-center gap-1 p-6 text-center"
          data-testid="table-not-found"
        >
          <h1 className="text-base font-semibold text-neutral-900">{TABLE_NOT_FOUND_TITLE}</h1>
          <p className="text-sm text-neutral-600">{TABLE_NOT_FOUND_DESCRIPTION}</p>
        </div>
      ) : (
        <ErrorState error={table.error} onRetry={() => void table.refetch()} retrying={table.isFetching} />
      )
  } else {
    main = (
      // the rows are read at once, beside the table's description (not after it)
      <TableView key={tableId} projectRef={projectRef} tableId={tableId} orgSlug={project.data?.organization_slug} />
    )
  }

  return (
    <div className="flex h-full min-h-0" data-testid="table-editor-page">
      <TableList
        projectRef={projectRef}
        schema={schema}
        onSchemaChange={setSchema}
        activeId={tableId}
        onNewTable={canWrite ? () => setCreating(true) : undefined}
      />
      <div className="flex min-w-0 flex-1 flex-col">{main}</div>
      {creating && (
        <Suspense fallback={null}>
          <TableDesignerPanel
            projectRef={projectRef}
            schema={schema}
            onOpenChange={setCreating}
            onSaved={(id) => {
              toast.success(TABLE_CREATED_TOAST)
              setCreating(false)
              void navigate(`/project/${projectRef}/editor/${id}`)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
