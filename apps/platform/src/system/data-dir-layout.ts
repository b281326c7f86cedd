import path from 'node:path'

/**
 * Where the platform keeps each project's files under PGFLEET_DATA_DIR, outside every pgdata: shared by the services
 * that write there and the control plane that measures them (the usage sampler), so neither imports the other.
 */
const REF_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/

/** `${PGFLEET_DATA_DIR}/storage/{ref}`: the project's Storage objects, one folder per bucket. */
export function projectStorageDir(dataDir: string, ref: string): string {
  if (!REF_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${JSON.stringify(ref)}`)
  return path.join(path.resolve(dataDir), 'storage', ref)
}
