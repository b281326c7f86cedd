import { BRANCHING_MESSAGES, type Branch, branchCostSoFar } from '@pgfleet/contracts'
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { type BranchActionVariables, useBranchActionMutation } from '../../../data/branches/branch-mutations'
import { getErrorMessage } from '../../../data/fetcher'
import { Badge, type BadgeTone } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import {
  BRANCH_ACTION_FAILED,
  BRANCH_ACTION_STARTED,
  BRANCH_DELETE_CONFIRM,
  BRANCH_DELETE_LABEL,
  BRANCH_PULL_LABEL,
  BRANCH_RESET_CONFIRM,
  BRANCH_RESET_LABEL,
  BRANCH_STATUS_LABELS,
  DATA_COPY_LABELS,
  NO_BRANCHES,
} from './branches.constants'

const STATUS_TONES: Record<Branch['status'], BadgeTone> = {
  CREATING_PROJECT: 'info',
  RUNNING_MIGRATIONS: 'info',
  MIGRATIONS_PASSED: 'success',
  MIGRATIONS_FAILED: 'danger',
}

/** How long ago, in the largest whole unit. */
function age(createdAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000))
  if (minutes < 60) return `${minutes} min`
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`
  return `${Math.floor(minutes / 1440)} days`
}

type PendingAction = { branch: Branch; action: 'reset' | 'delete' } | null

export function BranchList({
  projectRef,
  branches,
  canWrite,
}: {
  projectRef: string
  branches: Branch[]
  canWrite: boolean
}) {
  const [pending, setPending] = useState<PendingAction>(null)
  const mutation = useBranchActionMutation({
    onSuccess: (_, variables) => {
      toast.success(BRANCH_ACTION_STARTED[variables.action])
      setPending(null)
    },
    onError: (error) => toast.error(BRANCH_ACTION_FAILED(getErrorMessage(error))),
  })
  const run = (branch: Branch, action: BranchActionVariables['action']) =>
    mutation.mutate({ ref: projectRef, branchId: branch.id, action })

  if (branches.length === 0) return <p className="text-sm text-neutral-600">{NO_BRANCHES}</p>
  return (
    <>
      <table className="w-full text-left text-sm" data-testid="branch-list">
        <thead className="text-xs text-neutral-500">
          <tr>
            <th className="py-2 font-medium">Name</th>
            <th className="py-2 font-medium">Status</th>
            <th className="py-2 font-medium">Git branch</th>
            <th className="py-2 font-medium">Age</th>
            <th className="py-2 font-medium">Cost so far</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {branches.map((branch) => {
            const busy = branch.status === 'CREATING_PROJECT' || branch.status === 'RUNNING_MIGRATIONS'
            const goingDown = branch.project_status === 'GOING_DOWN'
            return (
              <tr key={branch.id} data-testid={`branch-row-${branch.name}`}>
                <td className="py-2 font-medium text-neutral-900">
                  <Link className="hover:underline" to={`/project/${branch.project_ref}`}>
                    {branch.name}
                  </Link>
                </td>
                <td className="py-2">
                  <Badge tone={goingDown ? 'neutral' : STATUS_TONES[branch.status]} data-testid="branch-status">
                    {goingDown ? 'Deleting' : BRANCH_STATUS_LABELS[branch.status]}
                  </Badge>
                  {branch.error && (
                    <p className="mt-1 max-w-md text-xs break-words text-red-700" data-testid="branch-error">
                      {branch.error}
                    </p>
                  )}
                </td>
                <td className="py-2 font-mono text-xs">
                  {branch.git_branch}
                  {branch.with_data && (
                    <span className="ml-2 font-sans text-neutral-500" data-testid="branch-data-copy">
                      {branch.data_copy ? DATA_COPY_LABELS[branch.data_copy.method] : 'data'}
                    </span>
                  )}
                </td>
                <td className="py-2">{age(branch.created_at)}</td>
                <td className="py-2">${branchCostSoFar(branch.created_at).toFixed(2)}</td>
                <td className="py-2">
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!canWrite || busy || goingDown}
                      title={canWrite ? undefined : BRANCHING_MESSAGES.writeDenied}
                      onClick={() => run(branch, 'pull')}
                    >
                      {BRANCH_PULL_LABEL}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!canWrite || busy || goingDown}
                      onClick={() => setPending({ branch, action: 'reset' })}
                    >
                      {BRANCH_RESET_LABEL}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!canWrite || goingDown}
                      onClick={() => setPending({ branch, action: 'delete' })}
                    >
                      {BRANCH_DELETE_LABEL}
                    </Button>
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.action === 'delete' ? BRANCH_DELETE_LABEL : BRANCH_RESET_LABEL}
        description={
          pending
            ? pending.action === 'delete'
              ? BRANCH_DELETE_CONFIRM(pending.branch.name)
              : BRANCH_RESET_CONFIRM(pending.branch.name)
            : undefined
        }
        confirmLabel={pending?.action === 'delete' ? BRANCH_DELETE_LABEL : BRANCH_RESET_LABEL}
        variant={pending?.action === 'delete' ? 'danger' : 'primary'}
        loading={mutation.isPending}
        onConfirm={() => pending && run(pending.branch, pending.action)}
      />
    </>
  )
}
