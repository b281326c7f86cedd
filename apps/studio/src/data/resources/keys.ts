export const resourceKeys = {
  all: ['resources'] as const,
  warnings: () => [...resourceKeys.all, 'warnings'] as const,
  disk: (ref: string | undefined) => [...resourceKeys.all, 'disk', ref] as const,
  usage: (ref: string | undefined) => [...resourceKeys.all, 'usage', ref] as const,
  overview: (ref: string | undefined) => [...resourceKeys.all, 'overview', ref] as const,
  queryPerformance: (ref: string | undefined) => [...resourceKeys.all, 'query-performance', ref] as const,
}
