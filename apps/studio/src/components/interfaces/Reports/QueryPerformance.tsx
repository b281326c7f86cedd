import { QUERY_PERFORMANCE_DISABLED_MESSAGE, type QueryStatistic } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { useQueryPerformanceQuery } from '../../../data/resources/query-performance-query'
import { Button } from '../../ui/Button'
import { DataTable } from '../../ui/DataTable'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import {
  MOST_FREQUENT_QUERIES_TITLE,
  NO_STATEMENTS_YET,
  QUERY_PERFORMANCE_HEADERS,
  QUERY_PERFORMANCE_TITLE,
  SLOWEST_QUERIES_TITLE,
} from './reports.constants'
import { formatMilliseconds } from './reports.utils'

function StatementTable({ title, rows, testId }: { title: string; rows: QueryStatistic[]; testId: string }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-neutral-800">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-500">{NO_STATEMENTS_YET}</p>
      ) : (
        <DataTable
          data-testid={testId}
          headers={QUERY_PERFORMANCE_HEADERS}
          rows={rows}
          rowKey={(row) => `${row.role}:${row.query}`}
          cells={(row) => (
            <>
              <td className="max-w-md py-2 pr-4 align-top">
                <code className="line-clamp-3 font-mono text-xs break-all whitespace-pre-wrap" title={row.query}>
                  {row.query}
                </code>
              </td>
              <td className="py-2 pr-4 align-top text-xs text-neutral-600">{row.role}</td>
              <td className="py-2 pr-4 text-right align-top tabular-nums">{row.calls.toLocaleString()}</td>
              <td className="py-2 pr-4 text-right align-top tabular-nums">{formatMilliseconds(row.mean_time_ms)}</td>
              <td className="py-2 pr-4 text-right align-top tabular-nums">{formatMilliseconds(row.total_time_ms)}</td>
              <td className="py-2 text-right align-top tabular-nums">{row.rows.toLocaleString()}</td>
            </>
          )}
        />
      )}
    </div>
  )
}

/** The database's slowest and most frequent statements, from pg_stat_statements. */
export function QueryPerformance({ projectRef }: { projectRef: string }) {
  const report = useQueryPerformanceQuery({ ref: projectRef })
  return (
    <section aria-label={QUERY_PERFORMANCE_TITLE} className="space-y-3" data-testid="query-performance">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-sm font-semibold text-neutral-900">{QUERY_PERFORMANCE_TITLE}</h2>
        <Button variant="secondary" onClick={() => void report.refetch()} disabled={report.isFetching}>
          {report.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {report.isPending ? (
        <Skeleton className="h-24" />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data.enabled ? (
        <p className="text-sm text-neutral-600" data-testid="query-performance-disabled">
          {QUERY_PERFORMANCE_DISABLED_MESSAGE}{' '}
          <Link to={`/project/${projectRef}/database/extensions`} className="font-medium text-emerald-700 underline">
            Open Extensions
          </Link>
        </p>
      ) : (
        <div className="grid gap-6">
          <StatementTable title={SLOWEST_QUERIES_TITLE} rows={report.data.slowest} testId="slowest-queries" />
          <StatementTable
            title={MOST_FREQUENT_QUERIES_TITLE}
            rows={report.data.most_frequent}
            testId="most-frequent-queries"
          />
        </div>
      )}
    </section>
  )
}
