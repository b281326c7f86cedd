export const USAGE_TITLE = 'Usage'
export const USAGE_DESCRIPTION =
  'The platform samples the project while it runs and keeps the samples for 7 days. Totals cover the samples kept.'
export const USAGE_PERIOD = (since: string) => `Since ${since}`
export const USAGE_LOAD_FAILED = 'Failed to load the usage'
export const USAGE_STATS = {
  database: { label: 'Database size', hint: 'Tables, indexes and the rest of every database, at the latest sample' },
  disk: { label: 'Disk in use', hint: 'Data, WAL, temporary files and WAL archive, against the disk size' },
  storage: { label: 'Storage size', hint: 'Objects in the Storage buckets' },
  functions: { label: 'Function invocations', hint: 'Requests to the edge functions' },
  dataApiRequests: { label: 'Data API requests', hint: 'Requests answered by the data API' },
  dataApiEgress: {
    label: 'Data API egress',
    hint: 'Bytes of the data API’s response bodies (headers and other APIs are not counted)',
  },
} as const
export const USAGE_CHARTS = {
  cpu: { title: 'CPU', unit: '% of compute' },
  memory: { title: 'Memory and swap', unit: 'MB' },
  diskIo: { title: 'Disk IO', unit: 'MB/s' },
  disk: { title: 'Disk in use', unit: 'MB' },
} as const
export const USAGE_BUDGET_LABEL = 'Compute size budget'
/** More points than this are thinned: a chart a few hundred pixels wide shows no more. */
export const USAGE_MAX_CHART_POINTS = 300
