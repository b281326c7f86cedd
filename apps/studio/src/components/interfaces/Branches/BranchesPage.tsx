import { BRANCHING_MESSAGES, PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { GitBranch } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router'
import { toast } from 'sonner'
import { useBranchCreateMutation } from '../../../data/branches/branch-mutations'
import { useBranchesQuery } from '../../../data/branches/branches-query'
import { useBranchingSettingsQuery } from '../../../data/branches/branching-settings-query'
import { useGitConnectionsQuery } from '../../../data/branches/git-connections-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { BranchList } from './BranchList'
import {
  BRANCHES_LOAD_FAILED,
  BRANCHES_PAGE_DESCRIPTION,
  BRANCHES_PAGE_TITLE,
  CREATE_BRANCH_GIT_LABEL,
  CREATE_BRANCH_NAME_LABEL,
  CREATE_BRANCH_SUBMIT,
  CREATE_BRANCH_TITLE,
  ENABLE_BRANCHING_LABEL,
  PRODUCTION_BRANCH_SUMMARY,
  WITH_DATA_DESCRIPTION,
  WITH_DATA_LABEL,
} from './branches.constants'
import { EnableBranchingDialog } from './EnableBranchingDialog'

/** /project/{ref}/branches: enable branching, then create, list, pull, reset and delete preview branches. */
export function BranchesPage() {
  const { ref = '' } = useParams()
  const settings = useBranchingSettingsQuery({ ref })
  const [dialogOpen, setDialogOpen] = useState(false)

  return (
    <PageContainer className="space-y-6" data-testid="branches-page">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold text-neutral-900">{BRANCHES_PAGE_TITLE}</h1>
        <p className="text-sm text-neutral-600">{BRANCHES_PAGE_DESCRIPTION}</p>
      </div>
      {settings.isPending ? (
        <Skeleton className="h-32" />
      ) : settings.isError ? (
        <ErrorState
          title={BRANCHES_LOAD_FAILED}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : settings.data.enabled ? (
        <EnabledBranching
          projectRef={ref}
          connectionId={settings.data.connection_id}
          production={settings.data.production_branch ?? ''}
        />
      ) : (
        <section className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs">
          <p className="text-sm text-neutral-700">{BRANCHING_MESSAGES.notEnabled}.</p>
          <Button variant="primary" onClick={() => setDialogOpen(true)}>
            <GitBranch className="size-4" aria-hidden="true" />
            {ENABLE_BRANCHING_LABEL}
          </Button>
        </section>
      )}
      <EnableBranchingDialog projectRef={ref} open={dialogOpen} onOpenChange={setDialogOpen} />
    </PageContainer>
  )
}

function EnabledBranching({
  projectRef,
  connectionId,
  production,
}: {
  projectRef: string
  connectionId: number | null
  production: string
}) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const connections = useGitConnectionsQuery({ ref: projectRef })
  const branches = useBranchesQuery({ ref: projectRef })
  const { can } = useCan(PermissionAction.CREATE, PermissionResource.PROJECTS, {
    orgSlug: project.data?.organization_slug,
  })
  const repository = connections.data?.find((c) => c.id === connectionId)?.repository.name ?? ''
  const [name, setName] = useState('')
  const [gitBranch, setGitBranch] = useState('')
  const [withData, setWithData] = useState(false)
  const create = useBranchCreateMutation({
    onSuccess: () => {
      toast.success(BRANCHING_MESSAGES.created)
      setName('')
      setGitBranch('')
      setWithData(false)
    },
    onError: (error) => toast.error(BRANCHING_MESSAGES.createFailed(getErrorMessage(error))),
  })

  return (
    <div className="space-y-6">
      <p className="text-sm text-neutral-700" data-testid="production-branch">
        {PRODUCTION_BRANCH_SUMMARY(repository, production)}
      </p>
      <section className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs">
        <h2 className="text-base font-semibold text-neutral-900">{CREATE_BRANCH_TITLE}</h2>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            create.mutate({
              ref: projectRef,
              branch_name: name.trim(),
              git_branch: gitBranch.trim(),
              region: project.data?.region,
              ...(withData ? { with_data: true } : {}),
            })
          }}
        >
          <Input
            label={CREATE_BRANCH_NAME_LABEL}
            value={name}
            onChange={(event) => setName(event.target.value)}
            fieldClassName="min-w-48 flex-1"
            autoComplete="off"
          />
          <Input
            label={CREATE_BRANCH_GIT_LABEL}
            value={gitBranch}
            onChange={(event) => setGitBranch(event.target.value)}
            fieldClassName="min-w-48 flex-1"
            placeholder="feature/my-change"
            autoComplete="off"
          />
          <div className="basis-full">
            <Checkbox
              label={WITH_DATA_LABEL}
              description={WITH_DATA_DESCRIPTION}
              checked={withData}
              onChange={(event) => setWithData(event.target.checked)}
            />
          </div>
          <Button
            type="submit"
            variant="primary"
            disabled={!can || name.trim() === '' || gitBranch.trim() === ''}
            title={can ? undefined : BRANCHING_MESSAGES.writeDenied}
            loading={create.isPending}
          >
            {CREATE_BRANCH_SUBMIT}
          </Button>
        </form>
      </section>
      {branches.isPending ? (
        <Skeleton className="h-24" />
      ) : branches.isError ? (
        <ErrorState
          title={BRANCHES_LOAD_FAILED}
          error={branches.error}
          onRetry={() => void branches.refetch()}
          retrying={branches.isFetching}
        />
      ) : (
        <BranchList projectRef={projectRef} branches={branches.data} canWrite={can} />
      )}
    </div>
  )
}
