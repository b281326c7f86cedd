import path from 'node:path'
import { removeProjectUsers } from '@pgfleet/engine'

/** The run's data directory goes away after the run: so do the OS users of the projects the journeys created. */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.PGFLEET_E2E_DATA_DIR
  if (dataDir) await removeProjectUsers(path.join(dataDir, 'projects'))
}
