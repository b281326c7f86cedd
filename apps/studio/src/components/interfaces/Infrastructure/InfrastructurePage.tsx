import { useParams } from 'react-router'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { DetailList } from '../../ui/DetailList'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { PageSkeleton } from '../../ui/Skeleton'
import { ComputeSizeWithLink } from '../ComputeAndDisk/ComputeSizeWithLink'
import { ProjectStatusBadge } from '../Projects/ProjectStatusBadge'
import { formatPostgresVersion } from '../Projects/projects.utils'
import {
  INFRASTRUCTURE_DESCRIPTION,
  INFRASTRUCTURE_TITLE,
  SERVER_LABELS,
  SERVER_TITLE,
} from './infrastructure.constants'
import { formatDateTime } from './infrastructure.utils'
import { LiveServerStats } from './LiveServerStats'
import { PostgresEngines } from './PostgresEngines'
import { TenantIsolation } from './TenantIsolation'
import { UpgradePanel } from './UpgradePanel'

/** /project/{ref}/infrastructure: the project's server as the platform knows it and as it reports itself. */
export function InfrastructurePage() {
  const { ref = '' } = useParams()
  const projectQuery = useProjectDetailQuery({ ref })

  if (projectQuery.isPending) return <PageSkeleton />
  if (projectQuery.isError) {
    return (
      <ErrorState
        error={projectQuery.error}
        onRetry={() => void projectQuery.refetch()}
        retrying={projectQuery.isFetching}
      />
    )
  }
  const project = projectQuery.data
  const details = [
    { label: SERVER_LABELS.status, value: <ProjectStatusBadge status={project.status} />, testId: 'status' },
    {
      label: SERVER_LABELS.postgres,
      value: <span title={project.dbVersion}>{formatPostgresVersion(project.dbVersion)}</span>,
      testId: 'db-version',
    },
    {
      label: SERVER_LABELS.compute,
      value: (
        <ComputeSizeWithLink projectRef={project.ref} size={project.compute_size} linkTestId="change-compute-link" />
      ),
      testId: 'compute-size',
    },
    { label: SERVER_LABELS.region, value: project.region, testId: 'region' },
    { label: SERVER_LABELS.createdAt, value: formatDateTime(project.created_at), testId: 'created-at' },
    {
      label: SERVER_LABELS.address,
      value: (
        <span className="font-mono">
          {project.database.host}:{project.database.port ?? '–'}
        </span>
      ),
      testId: 'address',
    },
  ]

  return (
    <PageContainer className="space-y-8" data-testid="infrastructure-page">
      <div>
        <h1 className="text-xl font-semibold text-neutral-900">{INFRASTRUCTURE_TITLE}</h1>
        <p className="mt-1 text-sm text-neutral-600">{INFRASTRUCTURE_DESCRIPTION}</p>
      </div>
      <section aria-labelledby="server-title" className="space-y-3">
        <h2 id="server-title" className="text-base font-semibold text-neutral-900">
          {SERVER_TITLE}
        </h2>
        <DetailList details={details} testIdPrefix="infrastructure-" className="grid sm:grid-cols-3" />
      </section>
      <LiveServerStats projectRef={project.ref} status={project.status} />
      <UpgradePanel project={project} />
      <PostgresEngines projectMajor={Number(project.database.postgres_engine)} />
      <TenantIsolation />
    </PageContainer>
  )
}
