export const COMPUTE_SIZES = ['nano', 'micro', 'small', 'medium', 'large'] as const
export type ComputeSize = (typeof COMPUTE_SIZES)[number]

/** A type alias (not an interface) so it is assignable to a settings record. */
export type ComputeSettings = {
  shared_buffers: string
  max_connections: number
  work_mem: string
  maintenance_work_mem: string
  effective_cache_size: string
}

/**
 * Without cgroups a compute size can only be Postgres memory settings. Many projects share one machine, so
 * shared_buffers is far below the hosted product's 25% of RAM; max_connections follows its tiers.
 */
const SETTINGS_BY_SIZE: Record<ComputeSize, ComputeSettings> = {
  nano: {
    shared_buffers: '32MB',
    max_connections: 40,
    work_mem: '2MB',
    maintenance_work_mem: '16MB',
    effective_cache_size: '128MB',
  },
  micro: {
    shared_buffers: '64MB',
    max_connections: 60,
    work_mem: '2MB',
    maintenance_work_mem: '32MB',
    effective_cache_size: '256MB',
  },
  small: {
    shared_buffers: '128MB',
    max_connections: 90,
    work_mem: '4MB',
    maintenance_work_mem: '64MB',
    effective_cache_size: '512MB',
  },
  medium: {
    shared_buffers: '512MB',
    max_connections: 120,
    work_mem: '8MB',
    maintenance_work_mem: '128MB',
    effective_cache_size: '1536MB',
  },
  large: {
    shared_buffers: '1GB',
    max_connections: 160,
    work_mem: '16MB',
    maintenance_work_mem: '256MB',
    effective_cache_size: '3GB',
  },
}

export function isComputeSize(value: string): value is ComputeSize {
  return (COMPUTE_SIZES as readonly string[]).includes(value)
}

export function computeSettings(size: ComputeSize): ComputeSettings {
  const settings = SETTINGS_BY_SIZE[size]
  if (!settings) throw new Error(`Unknown compute size: ${String(size)}`)
  return { ...settings }
}
