export const storageKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'storage'] as const,
  buckets: (ref: string | undefined) => [...storageKeys.all(ref), 'buckets'] as const,
  archive: (ref: string | undefined) => [...storageKeys.all(ref), 'archive'] as const,
}
