import { z } from 'zod'

/** How many statements each query-performance list shows. */
export const QUERY_PERFORMANCE_LIMIT = 10

export const QUERY_PERFORMANCE_DISABLED_MESSAGE =
  'Turn on the pg_stat_statements extension on the Extensions page to see the slowest and the most frequent queries.'

/** One normalised statement (constants replaced by $1, $2, …) as pg_stat_statements counts it. */
export const QueryStatistic = z.object({
  query: z.string(),
  role: z.string(),
  calls: z.number(),
  total_time_ms: z.number(),
  mean_time_ms: z.number(),
  rows: z.number(),
})
export type QueryStatistic = z.infer<typeof QueryStatistic>

/**
 * `GET /platform/projects/{ref}/reports/query-performance`: the project database's statements since its counters
 * were last reset. `enabled` is false until the pg_stat_statements extension is turned on (the lists are then
 * empty).
 */
export const QueryPerformanceReport = z.object({
  enabled: z.boolean(),
  slowest: z.array(QueryStatistic),
  most_frequent: z.array(QueryStatistic),
})
export type QueryPerformanceReport = z.infer<typeof QueryPerformanceReport>
