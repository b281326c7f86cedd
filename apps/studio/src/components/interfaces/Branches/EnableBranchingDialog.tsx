import {
  BRANCHING_MESSAGES,
  MIN_BRANCHING_POSTGRES_MAJOR,
  PermissionAction,
  PermissionResource,
  type Project,
} from '@pgfleet/contracts'
import { CircleCheck, Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { useEnableBranchingMutation } from '../../../data/branches/branching-settings-query'
import { useGitConnectionsQuery } from '../../../data/branches/git-connections-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button, buttonClassName } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import { Select } from '../../ui/Select'
import { Skeleton } from '../../ui/Skeleton'
import {
  BRANCH_CHECKING,
  BRANCH_FOUND,
  BRANCHING_ENABLED_TOAST,
  billingUpgradePath,
  COST_NOTE,
  COST_NOTE_TITLE,
  ENABLE_BRANCHING_CANCEL,
  ENABLE_BRANCHING_CONFIRM,
  ENABLE_BRANCHING_FAILED,
  ENABLE_BRANCHING_TITLE,
  GIT_CONNECTION_DESCRIPTION,
  GIT_CONNECTION_SELECT_LABEL,
  GIT_CONNECTION_TITLE,
  NO_CONNECTION_NOTE,
  NO_PERMISSION_NOTE,
  PAID_PLAN_NOTE,
  POSTGRES_VERSION_NOTE,
  PRODUCTION_BRANCH_DESCRIPTION,
  PRODUCTION_BRANCH_LABEL,
  UPGRADE_LABEL,
} from './branches.constants'
import { GitConnectionForm } from './GitConnectionForm'
import { useBranchCheck } from './use-branch-check'

/** The project's Postgres major, from its engine (e.g. '17'). */
const majorOf = (project: Project) => Number(project.database.postgres_engine)

/**
 * Enabling branching: the git connection, the production branch (checked against the repository on change and
 * blur) and the cost note. Needs a paid plan, Postgres 15+ and a connection; says which is missing.
 */
export function EnableBranchingDialog({
  projectRef,
  open,
  onOpenChange,
}: {
  projectRef: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const connections = useGitConnectionsQuery({ ref: projectRef }, { enabled: open })
  const { organization } = useOrganization(project.data?.organization_slug)
  const { can } = useCan(PermissionAction.UPDATE, PermissionResource.PROJECTS, {
    orgSlug: project.data?.organization_slug,
  })
  const [connectionId, setConnectionId] = useState<number | null>(null)
  const [branchName, setBranchName] = useState('')
  const connection = connections.data?.find((c) => c.id === connectionId) ?? connections.data?.[0]
  const branchCheck = useBranchCheck(connection)
  const enable = useEnableBranchingMutation({
    onSuccess: () => {
      toast.success(BRANCHING_ENABLED_TOAST)
      onOpenChange(false)
    },
    onError: (error) => toast.error(ENABLE_BRANCHING_FAILED(getErrorMessage(error))),
  })
  const { reset: resetCheck } = branchCheck

  // a new repository means the typed branch has not been checked against it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the connection changes only
  useEffect(() => {
    resetCheck()
  }, [connection?.id])

  const paid = organization !== undefined && organization.plan.id !== 'free'
  const major = project.data ? majorOf(project.data) : null
  const versionOk = major !== null && major >= MIN_BRANCHING_POSTGRES_MAJOR
  const verified = branchCheck.result.state === 'found' && branchCheck.result.name === branchName.trim()
  const ready = paid && versionOk && connection !== undefined && verified && can

  const onBranchChange = (value: string) => {
    setBranchName(value)
    void branchCheck.check(value)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ENABLE_BRANCHING_TITLE}
      data-testid="enable-branching-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {ENABLE_BRANCHING_CANCEL}
          </Button>
          <Button
            variant="primary"
            disabled={!ready}
            loading={enable.isPending}
            onClick={() =>
              connection &&
              enable.mutate({ ref: projectRef, connection_id: connection.id, production_branch: branchName.trim() })
            }
          >
            {ENABLE_BRANCHING_CONFIRM}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        {organization && !paid && (
          <Alert tone="warning" data-testid="branching-paid-plan">
            <p>{PAID_PLAN_NOTE}</p>
            <Link
              className={`${buttonClassName({ variant: 'primary', size: 'sm' })} mt-2`}
              to={billingUpgradePath(organization.slug)}
            >
              {UPGRADE_LABEL}
            </Link>
          </Alert>
        )}
        {project.isError && <Alert tone="error">{BRANCHING_MESSAGES.postgresVersionFailed}</Alert>}
        {project.data && !versionOk && (
          <Alert tone="warning">{POSTGRES_VERSION_NOTE(project.data.database.version)}</Alert>
        )}
        {!can && <Alert tone="warning">{NO_PERMISSION_NOTE}</Alert>}

        <section aria-labelledby="git-connection-title" className="space-y-3">
          <div>
            <h3 id="git-connection-title" className="text-sm font-semibold text-neutral-900">
              {GIT_CONNECTION_TITLE}
            </h3>
            <p className="text-xs text-neutral-500">{GIT_CONNECTION_DESCRIPTION}</p>
          </div>
          {connections.isPending ? (
            <Skeleton className="h-9" />
          ) : connections.isError ? (
            <Alert tone="error">{BRANCHING_MESSAGES.connectionsFailed}</Alert>
          ) : (
            <>
              {connections.data.length > 0 && (
                <Select
                  label={GIT_CONNECTION_SELECT_LABEL}
                  value={String(connection?.id ?? '')}
                  onChange={(event) => setConnectionId(Number(event.target.value))}
                  options={connections.data.map((c) => ({ value: String(c.id), label: c.repository.name }))}
                />
              )}
              {connections.data.length === 0 && <p className="text-sm text-neutral-600">{NO_CONNECTION_NOTE}</p>}
              {connections.data.length === 0 && can && (
                <GitConnectionForm projectRef={projectRef} onConnected={setConnectionId} />
              )}
            </>
          )}
        </section>

        {connection && (
          <div className="space-y-1">
            <Input
              label={PRODUCTION_BRANCH_LABEL}
              description={PRODUCTION_BRANCH_DESCRIPTION}
              value={branchName}
              placeholder="main"
              autoComplete="off"
              error={branchCheck.result.state === 'invalid' ? branchCheck.result.message : undefined}
              onChange={(event) => onBranchChange(event.target.value)}
              onBlur={(event) => void branchCheck.check(event.target.value)}
              data-testid="production-branch-input"
            />
            {branchCheck.result.state === 'checking' && (
              <p className="flex items-center gap-1 text-xs text-neutral-500">
                <Loader2 className="size-3 animate-spin" aria-hidden="true" /> {BRANCH_CHECKING}
              </p>
            )}
            {verified && (
              <p className="flex items-center gap-1 text-xs text-emerald-700" data-testid="branch-found">
                <CircleCheck className="size-3" aria-hidden="true" /> {BRANCH_FOUND}
              </p>
            )}
          </div>
        )}

        <Alert tone="info" title={COST_NOTE_TITLE}>
          {COST_NOTE}
        </Alert>
      </div>
    </Dialog>
  )
}
