import type { ComputeSize, ProjectStatus } from '@pgfleet/contracts'
import { COMPUTE_SIZE_LABELS } from './compute-and-disk.constants'

export function formatComputeSize(size: ComputeSize): string {
  return COMPUTE_SIZE_LABELS[size] ?? size
}

/** A resize is a change to another size of a running project (the platform refuses it in any other status). */
export function canResizeTo(current: ComputeSize, selected: ComputeSize, status: ProjectStatus): boolean {
  return status === 'ACTIVE_HEALTHY' && selected !== current
}
