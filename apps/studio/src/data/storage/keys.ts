export const storageKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'storage'] as const,
  buckets: (ref: string | undefined) => [...storageKeys.all(ref), 'buckets'] as const,
  /** every listed page of every folder of a bucket (what a write invalidates) */
  objects: (ref: string | undefined, bucketId: string) => [...storageKeys.all(ref), 'objects', bucketId] as const,
  folder: (ref: string | undefined, bucketId: string, path: string) =>
    [...storageKeys.objects(ref, bucketId), path] as const,
  archive: (ref: string | undefined) => [...storageKeys.all(ref), 'archive'] as const,
}
