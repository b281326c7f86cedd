import { PermissionAction, PermissionResource, ResetDbPasswordBody } from '@pgfleet/contracts'
import { useState } from 'react'
import { useParams } from 'react-router'
import { toast } from 'sonner'
import { useDbPasswordResetMutation } from '../../../data/config/db-password-reset-mutation'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { PageContainer } from '../../ui/PageContainer'
import { PageSkeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import { NO_CONNECTION_STRING } from '../ProjectHome/project-home.constants'
import {
  CONNECTION_DESCRIPTION,
  CONNECTION_TITLE,
  DATABASE_SETTINGS_TITLE,
  LOAD_SETTINGS_FAILED,
  NEW_PASSWORD_LABEL,
  PASSWORD_DESCRIPTION,
  PASSWORD_TITLE,
  POSTGRES_VERSION_LABEL,
  RESET_PASSWORD_CONFIRM,
  RESET_PASSWORD_DENIED_TOOLTIP,
  RESET_PASSWORD_FAILED,
  RESET_PASSWORD_LABEL,
  RESET_PASSWORD_SUCCESS,
} from './database-settings.constants'
import { StatementTimeoutForm } from './StatementTimeoutForm'

function ResetPassword({ projectRef, canUpdate }: { projectRef: string; canUpdate: boolean }) {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const reset = useDbPasswordResetMutation({
    onSuccess: () => {
      toast.success(RESET_PASSWORD_SUCCESS)
      setOpen(false)
      setPassword('')
    },
    onError: (err) => toast.error(RESET_PASSWORD_FAILED(getErrorMessage(err))),
  })
  return (
    <>
      <Tooltip content={canUpdate ? undefined : RESET_PASSWORD_DENIED_TOOLTIP} wrapDisabled>
        <Button disabled={!canUpdate} onClick={() => setOpen(true)} data-testid="reset-db-password-button">
          {RESET_PASSWORD_LABEL}
        </Button>
      </Tooltip>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={RESET_PASSWORD_LABEL}
        description={PASSWORD_DESCRIPTION}
        confirmLabel={RESET_PASSWORD_CONFIRM}
        loading={reset.isPending}
        onConfirm={() => {
          const parsed = ResetDbPasswordBody.safeParse({ password })
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message)
            return
          }
          setError(undefined)
          reset.mutate({ ref: projectRef, password })
        }}
      >
        <Input
          label={NEW_PASSWORD_LABEL}
          type="password"
          autoComplete="new-password"
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="new-db-password-input"
        />
      </ConfirmDialog>
    </>
  )
}

export function DatabaseSettings() {
  const { ref = '' } = useParams()
  const { data: project } = useProjectDetailQuery({ ref })
  const { can: canUpdate } = useCan(PermissionAction.UPDATE, PermissionResource.PROJECTS, {
    orgSlug: project?.organization_slug,
  })
  const settings = useProjectSettingsQuery({ ref })
  if (settings.isPending) return <PageSkeleton />
  if (settings.isError)
    return (
      <ErrorState
        title={LOAD_SETTINGS_FAILED}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    )
  return (
    <PageContainer className="space-y-8" data-testid="database-settings-page">
      <h1 className="text-xl font-semibold text-neutral-900">{DATABASE_SETTINGS_TITLE}</h1>
      <section aria-labelledby="connection-title" className="space-y-3">
        <h2 id="connection-title" className="text-base font-semibold text-neutral-900">
          {CONNECTION_TITLE}
        </h2>
        <p className="text-sm text-neutral-600">{CONNECTION_DESCRIPTION}</p>
        {settings.data.db_connection_string ? (
          <CodeBlock
            value={settings.data.db_connection_string}
            label="connection string"
            data-testid="db-connection-string"
          />
        ) : (
          <Alert tone="warning" data-testid="db-connection-string-unavailable">
            {NO_CONNECTION_STRING(settings.data.status)}
          </Alert>
        )}
        <p className="text-sm text-neutral-700">
          {POSTGRES_VERSION_LABEL}: <span data-testid="postgres-version">{settings.data.db_version_label}</span>
        </p>
      </section>
      <StatementTimeoutForm projectRef={ref} canUpdate={canUpdate} />
      <section aria-labelledby="password-title" className="space-y-3">
        <h2 id="password-title" className="text-base font-semibold text-neutral-900">
          {PASSWORD_TITLE}
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-neutral-200 bg-white px-4 py-4 shadow-xs">
          <p className="max-w-xl text-sm text-neutral-600">{PASSWORD_DESCRIPTION}</p>
          <ResetPassword projectRef={ref} canUpdate={canUpdate} />
        </div>
      </section>
    </PageContainer>
  )
}
