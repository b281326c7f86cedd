import { PermissionAction, PermissionResource, type Project } from '@pgfleet/contracts'
import { type ReactNode, useState } from 'react'
import { useParams } from 'react-router'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useProjectRestartMutation } from '../../../data/projects/project-restart-mutation'
import { useCan } from '../../../lib/use-can'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DetailList } from '../../ui/DetailList'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { PageSkeleton } from '../../ui/Skeleton'
import { ComputeSizeWithLink } from '../ComputeAndDisk/ComputeSizeWithLink'
import { CustomDomainSection } from '../CustomDomains/CustomDomainSection'
import { DeleteProjectButton } from '../ProjectDeletion/DeleteProjectButton'
import { ProjectStatusBadge } from '../Projects/ProjectStatusBadge'
import { formatPostgresVersion } from '../Projects/projects.utils'
import { OperationButton } from './OperationButton'
import { PauseProjectButton } from './PauseProjectButton'
import {
  AVAILABILITY_TITLE,
  DANGER_ZONE_TITLE,
  DELETE_DESCRIPTION,
  DELETE_TITLE,
  GENERAL_SETTINGS_TITLE,
  PAUSE_DESCRIPTION,
  PAUSE_TITLE,
  PROJECT_DETAIL_LABELS,
  PROJECT_DETAILS_TITLE,
  RESTART_CONFIRM_DESCRIPTION,
  RESTART_CONFIRM_LABEL,
  RESTART_CONFIRM_TITLE,
  RESTART_DESCRIPTION,
  RESTART_FAILED_MESSAGE,
  RESTART_STARTED_TOAST,
  RESTART_TITLE,
} from './project-settings.constants'
import { getProjectActionAvailability } from './project-settings.utils'

function ActionRow({ title, description, action }: { title: string; description: string; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 px-4 py-4">
      <div className="min-w-0 max-w-xl">
        <p className="text-sm font-medium text-neutral-900">{title}</p>
        <p className="mt-0.5 text-sm text-neutral-600">{description}</p>
      </div>
      {action}
    </div>
  )
}

function ProjectAvailability({ project }: { project: Project }) {
  const [restartOpen, setRestartOpen] = useState(false)
  const { can: canOperate } = useCan(PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_OPERATION_JOBS, {
    orgSlug: project.organization_slug,
  })
  const available = getProjectActionAvailability(project.status)
  const restart = useProjectRestartMutation({
    onSuccess: () => {
      toast.success(RESTART_STARTED_TOAST)
      setRestartOpen(false)
    },
    onError: (error) => toast.error(RESTART_FAILED_MESSAGE(getErrorMessage(error))),
  })

  return (
    <section aria-labelledby="availability-title" className="space-y-3">
      <h2 id="availability-title" className="text-base font-semibold text-neutral-900">
        {AVAILABILITY_TITLE}
      </h2>
      <div className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white shadow-xs">
        <ActionRow
          title={RESTART_TITLE}
          description={RESTART_DESCRIPTION}
          action={
            <OperationButton
              label={RESTART_TITLE}
              allowedInStatus={available.restart}
              project={project}
              canOperate={canOperate}
              onClick={() => setRestartOpen(true)}
              testId="restart-project-button"
            />
          }
        />
        <ActionRow
          title={PAUSE_TITLE}
          description={PAUSE_DESCRIPTION}
          action={<PauseProjectButton project={project} canOperate={canOperate} allowedInStatus={available.pause} />}
        />
      </div>
      <ConfirmDialog
        open={restartOpen}
        onOpenChange={setRestartOpen}
        title={RESTART_CONFIRM_TITLE}
        description={RESTART_CONFIRM_DESCRIPTION}
        confirmLabel={RESTART_CONFIRM_LABEL}
        loading={restart.isPending}
        onConfirm={() => restart.mutate({ ref: project.ref })}
        data-testid="restart-project-dialog"
      />
    </section>
  )
}

/** /project/{ref}/settings/general: what the project is, and restart, pause and delete. */
export function ProjectGeneralSettings() {
  const { ref } = useParams()
  const { data: project, isPending, isError, error, refetch, isFetching } = useProjectDetailQuery({ ref })
  if (isPending) return <PageSkeleton />
  if (isError) return <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />

  const details = [
    { label: PROJECT_DETAIL_LABELS.name, value: project.name, testId: 'name' },
    {
      label: PROJECT_DETAIL_LABELS.ref,
      value: <span className="font-mono break-all">{project.ref}</span>,
      testId: 'ref',
    },
    { label: PROJECT_DETAIL_LABELS.status, value: <ProjectStatusBadge status={project.status} />, testId: 'status' },
    { label: PROJECT_DETAIL_LABELS.region, value: project.region, testId: 'region' },
    {
      label: PROJECT_DETAIL_LABELS.postgres,
      value: <span title={project.dbVersion}>{formatPostgresVersion(project.dbVersion)}</span>,
      testId: 'db-version',
    },
    {
      label: PROJECT_DETAIL_LABELS.compute,
      value: <ComputeSizeWithLink projectRef={project.ref} size={project.compute_size} />,
      testId: 'compute-size',
    },
  ]

  return (
    <PageContainer className="space-y-8" data-testid="project-general-settings">
      <h1 className="text-xl font-semibold text-neutral-900">{GENERAL_SETTINGS_TITLE}</h1>

      <section aria-labelledby="details-title" className="space-y-3">
        <h2 id="details-title" className="text-base font-semibold text-neutral-900">
          {PROJECT_DETAILS_TITLE}
        </h2>
        <DetailList details={details} testIdPrefix="settings-project-" className="grid sm:grid-cols-2" />
      </section>

      <ProjectAvailability project={project} />

      <CustomDomainSection project={project} />

      <section aria-labelledby="danger-title" className="space-y-3">
        <h2 id="danger-title" className="text-base font-semibold text-red-700">
          {DANGER_ZONE_TITLE}
        </h2>
        <div className="rounded-lg border border-red-200 bg-white shadow-xs">
          <ActionRow
            title={DELETE_TITLE}
            description={DELETE_DESCRIPTION}
            action={<DeleteProjectButton project={project} />}
          />
        </div>
      </section>
    </PageContainer>
  )
}
