import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@pgfleet/contracts'

/** The dashboard's feature flags with their defaults, overridden by configuration (PGFLEET_FEATURE_FLAGS or a JSON file). */
export function resolveFeatureFlags(configured: Record<string, boolean | string>): FeatureFlags {
  return { ...DEFAULT_FEATURE_FLAGS, ...configured }
}
