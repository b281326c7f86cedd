import { useProjectOverviewQuery } from '../../../data/resources/project-overview-query'
import { formatBytes } from '../../../lib/format-bytes'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { formatCount } from '../Usage/usage.utils'
import { FIGURE_LABELS, FIGURES_TITLE } from './project-home.constants'

const DASH = '–'

/** The project's live figures, refreshed every 30 s; a stopped database shows dashes for the live ones. */
export function ProjectFigures({ projectRef }: { projectRef: string }) {
  const overview = useProjectOverviewQuery({ ref: projectRef })
  if (overview.isPending) return <Skeleton className="h-20" />
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
  const figures = overview.data
  const items = [
    { label: FIGURE_LABELS.databaseSize, value: formatBytes(figures.database_size_bytes), testId: 'database-size' },
    {
      label: FIGURE_LABELS.connections,
      value: figures.active_connections === null ? DASH : formatCount(figures.active_connections),
      testId: 'active-connections',
    },
    { label: FIGURE_LABELS.requests, value: formatCount(figures.data_api_requests_last_hour), testId: 'api-requests' },
    { label: FIGURE_LABELS.storage, value: formatBytes(figures.storage_size_bytes), testId: 'storage-used' },
    {
      label: FIGURE_LABELS.invocations,
      value: formatCount(figures.function_invocations_last_hour),
      testId: 'function-invocations',
    },
  ]
  return (
    <section aria-label={FIGURES_TITLE}>
      <dl
        className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-neutral-200 bg-neutral-200 md:grid-cols-5"
        data-testid="project-figures"
      >
        {items.map((item) => (
          <div key={item.label} className="bg-white px-4 py-3">
            <dt className="text-xs text-neutral-500">{item.label}</dt>
            <dd
              className="mt-1 text-lg font-semibold text-neutral-900 tabular-nums"
              data-testid={`figure-${item.testId}`}
            >
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
