import { useParams } from 'react-router'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { Alert } from '../../ui/Alert'
import { CodeBlock } from '../../ui/CodeBlock'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { PageSkeleton } from '../../ui/Skeleton'
import { ProjectStatusBadge } from '../Projects/ProjectStatusBadge'
import { formatPostgresVersion } from '../Projects/projects.utils'
import { ConnectFromApp } from './ConnectFromApp'
import { ProjectFigures } from './ProjectFigures'
import {
  CONNECTION_STRING_HINT,
  CONNECTION_STRING_LABEL,
  CONNECTION_STRING_TITLE,
  NO_CONNECTION_STRING,
  PROJECT_DETAIL_LABELS,
  REST_URL_LABEL,
  REST_URL_TITLE,
} from './project-home.constants'

export function ProjectHome() {
  const { ref } = useParams()
  const { data: project, isPending, isError, error, refetch, isFetching } = useProjectDetailQuery({ ref })

  if (isPending) return <PageSkeleton />
  if (isError) return <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />

  const details = [
    { label: PROJECT_DETAIL_LABELS.status, value: <ProjectStatusBadge status={project.status} />, testId: 'status' },
    {
      label: PROJECT_DETAIL_LABELS.postgres,
      value: <span title={project.dbVersion}>{formatPostgresVersion(project.dbVersion)}</span>,
      testId: 'db-version',
    },
    { label: PROJECT_DETAIL_LABELS.region, value: project.region, testId: 'region' },
    { label: PROJECT_DETAIL_LABELS.compute, value: project.compute_size, testId: 'compute-size' },
    {
      label: PROJECT_DETAIL_LABELS.ref,
      value: <span className="font-mono break-all">{project.ref}</span>,
      testId: 'ref',
    },
  ]

  return (
    <PageContainer className="space-y-8" data-testid="project-home">
      <h1 className="text-2xl font-semibold text-neutral-900" data-testid="project-name">
        {project.name}
      </h1>

      <dl className="flex flex-wrap gap-px overflow-hidden rounded-lg border border-neutral-200 bg-neutral-200">
        {details.map((detail) => (
          <div key={detail.label} className="min-w-44 flex-1 bg-white px-4 py-3">
            <dt className="text-xs text-neutral-500">{detail.label}</dt>
            <dd className="mt-1 text-sm font-medium text-neutral-900" data-testid={`project-${detail.testId}`}>
              {detail.value}
            </dd>
          </div>
        ))}
      </dl>

      <ProjectFigures projectRef={project.ref} />

      <section aria-labelledby="connection-string-title" className="space-y-2">
        <h2 id="connection-string-title" className="text-base font-semibold text-neutral-900">
          {CONNECTION_STRING_TITLE}
        </h2>
        {project.connectionString ? (
          <>
            <CodeBlock
              value={project.connectionString}
              label={CONNECTION_STRING_LABEL}
              data-testid="connection-string"
            />
            <p className="text-sm text-neutral-600">{CONNECTION_STRING_HINT}</p>
          </>
        ) : (
          <Alert tone="warning" data-testid="connection-string-unavailable">
            {NO_CONNECTION_STRING(project.status)}
          </Alert>
        )}
      </section>

      {project.restUrl && (
        <section aria-labelledby="rest-url-title" className="space-y-2">
          <h2 id="rest-url-title" className="text-base font-semibold text-neutral-900">
            {REST_URL_TITLE}
          </h2>
          <CodeBlock value={project.restUrl} label={REST_URL_LABEL} data-testid="rest-url" />
        </section>
      )}

      <ConnectFromApp projectRef={project.ref} />
    </PageContainer>
  )
}
