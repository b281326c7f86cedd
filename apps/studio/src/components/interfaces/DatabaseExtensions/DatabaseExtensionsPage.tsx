import { type DatabaseExtension, PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { toast } from 'sonner'
import { useDatabaseExtensionDisableMutation } from '../../../data/database-extensions/database-extension-disable-mutation'
import { useDatabaseExtensionEnableMutation } from '../../../data/database-extensions/database-extension-enable-mutation'
import { useDatabaseExtensionsQuery } from '../../../data/database-extensions/database-extensions-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ErrorState } from '../../ui/ErrorState'
import { CONTROL_CLASSES } from '../../ui/Input'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import {
  DISABLE_DESCRIPTION,
  DISABLE_FAILED,
  DISABLE_LABEL,
  DISABLE_TITLE,
  DISABLED_TOAST,
  ENABLE_FAILED,
  ENABLED_TOAST,
  EXTENSIONS_DESCRIPTION,
  EXTENSIONS_NOT_RUNNING,
  EXTENSIONS_TITLE,
  LOAD_EXTENSIONS_FAILED,
  NO_MATCH_MESSAGE,
  READ_ONLY_NOTE,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
} from './database-extensions.constants'
import { filterExtensions, sortExtensions } from './database-extensions.utils'
import { ExtensionRow } from './ExtensionRow'

/** /project/{ref}/database/extensions: every extension of the project's server, with a toggle where allowed. */
export function DatabaseExtensionsPage() {
  const { ref = '' } = useParams()
  const project = useProjectDetailQuery({ ref })
  const running = project.data?.status === 'ACTIVE_HEALTHY'
  const extensions = useDatabaseExtensionsQuery({ ref }, { enabled: running })
  const { can: canWrite, isLoading: permissionsLoading } = useCan(
    PermissionAction.SQL_WRITE,
    PermissionResource.DATABASE,
    { orgSlug: project.data?.organization_slug },
  )
  const [search, setSearch] = useState('')
  const [disabling, setDisabling] = useState<DatabaseExtension | null>(null)

  const enable = useDatabaseExtensionEnableMutation({
    onSuccess: (extension) => toast.success(ENABLED_TOAST(extension.name)),
    onError: (error) => toast.error(ENABLE_FAILED(getErrorMessage(error))),
  })
  const disable = useDatabaseExtensionDisableMutation({
    onSuccess: (extension) => {
      toast.success(DISABLED_TOAST(extension.name))
      setDisabling(null)
    },
    onError: (error) => {
      toast.error(DISABLE_FAILED(getErrorMessage(error)))
      setDisabling(null)
    },
  })
  const busyName = enable.isPending ? enable.variables?.name : disable.isPending ? disable.variables?.name : undefined

  const shown = useMemo(
    () => sortExtensions(filterExtensions(extensions.data ?? [], search)),
    [extensions.data, search],
  )

  return (
    <PageContainer className="space-y-6" data-testid="database-extensions-page">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-neutral-900">{EXTENSIONS_TITLE}</h1>
        <p className="max-w-3xl text-sm text-neutral-600">{EXTENSIONS_DESCRIPTION}</p>
      </div>
      {!permissionsLoading && project.data && !canWrite && (
        <Alert tone="info" data-testid="extensions-read-only">
          {READ_ONLY_NOTE}
        </Alert>
      )}
      {project.data && !running ? (
        <Alert tone="info" data-testid="extensions-not-running">
          {EXTENSIONS_NOT_RUNNING}
        </Alert>
      ) : extensions.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : extensions.isError ? (
        <ErrorState
          title={LOAD_EXTENSIONS_FAILED}
          error={extensions.error}
          onRetry={() => void extensions.refetch()}
          retrying={extensions.isFetching}
        />
      ) : (
        <section className="space-y-3">
          <input
            type="search"
            aria-label={SEARCH_LABEL}
            placeholder={SEARCH_PLACEHOLDER}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${CONTROL_CLASSES} max-w-sm`}
            data-testid="extensions-search"
          />
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600">
              {NO_MATCH_MESSAGE(search.trim())}
            </p>
          ) : (
            <ul
              className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white shadow-xs"
              data-testid="extensions-list"
            >
              {shown.map((extension) => (
                <ExtensionRow
                  key={extension.name}
                  extension={extension}
                  canWrite={canWrite}
                  busy={busyName === extension.name}
                  onToggle={(target, on) => (on ? enable.mutate({ ref, name: target.name }) : setDisabling(target))}
                />
              ))}
            </ul>
          )}
        </section>
      )}
      {disabling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDisabling(null)}
          title={DISABLE_TITLE(disabling.name)}
          description={DISABLE_DESCRIPTION}
          confirmLabel={DISABLE_LABEL}
          variant="danger"
          loading={disable.isPending}
          onConfirm={() => disable.mutate({ ref, name: disabling.name })}
          data-testid="disable-extension-dialog"
        />
      )}
    </PageContainer>
  )
}
