import type { ComputeSize } from '@pgfleet/contracts'
import type { ProjectRuntimeConfig } from '@pgfleet/engine'
import type { ProjectRow } from '../db/types'

/** How the project's server should run, from its row: the row is the truth the driver applies. */
export function runtimeConfig(project: ProjectRow): ProjectRuntimeConfig {
  return {
    major: project.postgres_major,
    port: project.port,
    computeSize: project.compute_size as ComputeSize,
  }
}
