import type { ComputeSize } from '../../../compute'

export interface ContainerResources {
  requests: { cpu: string; memory: string }
  limits: { cpu: string; memory: string }
}

/**
 * CPU and memory per compute size, after the hosted product's tiers (nano 0.5 GB shared up to large 8 GB, 2 cores).
 * Memory requests equal the limits, so a Postgres pod is never the first one the kubelet evicts; CPU may burst to
 * its limit.
 */
const RESOURCES_BY_SIZE: Record<ComputeSize, ContainerResources> = {
  nano: { requests: { cpu: '250m', memory: '512Mi' }, limits: { cpu: '500m', memory: '512Mi' } },
  micro: { requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } },
  small: { requests: { cpu: '1', memory: '2Gi' }, limits: { cpu: '2', memory: '2Gi' } },
  medium: { requests: { cpu: '2', memory: '4Gi' }, limits: { cpu: '2', memory: '4Gi' } },
  large: { requests: { cpu: '2', memory: '8Gi' }, limits: { cpu: '2', memory: '8Gi' } },
}

export function computeResources(size: ComputeSize): ContainerResources {
  const resources = RESOURCES_BY_SIZE[size]
  if (!resources) throw new Error(`Unknown compute size: ${String(size)}`)
  return { requests: { ...resources.requests }, limits: { ...resources.limits } }
}

const GIB = 1024 ** 3
const MIB = 1024 ** 2

/** A PVC size: whole GiB when it divides evenly, else MiB rounded up (a volume is never smaller than asked). */
export function storageQuantity(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) throw new Error(`Invalid disk size: ${bytes} bytes`)
  if (bytes % GIB === 0) return `${bytes / GIB}Gi`
  return `${Math.ceil(bytes / MIB)}Mi`
}
