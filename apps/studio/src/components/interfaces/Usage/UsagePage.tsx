import { USAGE_NO_SAMPLES_MESSAGE } from '@pgfleet/contracts'
import { lazy, Suspense } from 'react'
import { useParams } from 'react-router'
import { useProjectUsageQuery } from '../../../data/resources/project-usage-query'
import { ErrorState } from '../../ui/ErrorState'
import { PageSkeleton, Skeleton } from '../../ui/Skeleton'
import { formatBytes } from '../Backups/backups.utils'
import {
  USAGE_CHARTS,
  USAGE_DESCRIPTION,
  USAGE_LOAD_FAILED,
  USAGE_PERIOD,
  USAGE_STATS,
  USAGE_TITLE,
} from './usage.constants'
import { formatCount, usagePoints } from './usage.utils'

const UsageChart = lazy(() => import('./UsageChart'))
const MB = 1024 ** 2

function Stat({ label, hint, value, testId }: { label: string; hint: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-neutral-200 bg-white p-4" data-testid={testId}>
      <p className="text-xs font-medium uppercase tracking-wide text-neutral-500">{label}</p>
      <p className="mt-1 text-xl font-semibold text-neutral-900">{value}</p>
      <p className="mt-1 text-xs text-neutral-500">{hint}</p>
    </div>
  )
}

/** /project/{ref}/usage: sizes, request counts and CPU, memory, IO and disk over the samples kept. */
export function UsagePage() {
  const { ref } = useParams()
  const usageQuery = useProjectUsageQuery({ ref })

  if (usageQuery.isPending) return <PageSkeleton />
  if (usageQuery.isError) {
    return (
      <ErrorState
        title={USAGE_LOAD_FAILED}
        error={usageQuery.error}
        onRetry={() => void usageQuery.refetch()}
        retrying={usageQuery.isFetching}
      />
    )
  }
  const usage = usageQuery.data
  const points = usagePoints(usage.samples)
  const { disk, budgets } = usage

  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6 md:p-10" data-testid="usage-page">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-neutral-900">{USAGE_TITLE}</h1>
        <p className="text-sm text-neutral-600">{USAGE_DESCRIPTION}</p>
        {usage.period_start && (
          <p className="text-xs text-neutral-500">{USAGE_PERIOD(new Date(usage.period_start).toLocaleString())}</p>
        )}
      </div>

      {usage.samples.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-neutral-300 p-6 text-sm text-neutral-600"
          data-testid="usage-empty"
        >
          {USAGE_NO_SAMPLES_MESSAGE}
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Stat
              {...USAGE_STATS.database}
              value={usage.database_size_bytes === null ? '–' : formatBytes(usage.database_size_bytes)}
              testId="usage-database-size"
            />
            <Stat
              {...USAGE_STATS.disk}
              value={
                disk.used_bytes === null ? '–' : `${formatBytes(disk.used_bytes)} of ${formatBytes(disk.size_bytes)}`
              }
              testId="usage-disk"
            />
            <Stat {...USAGE_STATS.storage} value={formatBytes(usage.storage_size_bytes)} testId="usage-storage-size" />
            <Stat
              {...USAGE_STATS.functions}
              value={formatCount(usage.function_invocations)}
              testId="usage-function-invocations"
            />
            <Stat
              {...USAGE_STATS.dataApiRequests}
              value={formatCount(usage.data_api_requests)}
              testId="usage-data-api-requests"
            />
            <Stat
              {...USAGE_STATS.dataApiEgress}
              value={formatBytes(usage.data_api_egress_bytes)}
              testId="usage-data-api-egress"
            />
          </div>

          <div className="grid gap-4 lg:grid-cols-2">
            {(
              [
                ['cpu', 100],
                ['memory', budgets.memory_bytes / MB],
                ['diskIo', budgets.disk_io_bytes_per_second / MB],
                ['disk', disk.size_bytes / MB],
              ] as const
            ).map(([metric, budget]) => (
              <section
                key={metric}
                className="rounded-lg border border-neutral-200 bg-white p-4"
                data-testid={`usage-chart-${metric}`}
              >
                <h2 className="mb-2 text-sm font-semibold text-neutral-900">
                  {USAGE_CHARTS[metric].title}{' '}
                  <span className="font-normal text-neutral-500">({USAGE_CHARTS[metric].unit})</span>
                </h2>
                <Suspense fallback={<Skeleton className="h-44" />}>
                  <UsageChart data={points} metric={metric} unit={USAGE_CHARTS[metric].unit} budget={budget} />
                </Suspense>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  )
}
