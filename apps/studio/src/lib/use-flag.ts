import { DEFAULT_FEATURE_FLAGS, type FeatureFlagName } from '@pgfleet/contracts'
import { useFeatureFlagsQuery } from '../data/feature-flags/feature-flags-query'

/** A flag's value from the platform, or its documented default until (or unless) the platform answers. */
export function useFlag(name: FeatureFlagName): boolean | string {
  const { data } = useFeatureFlagsQuery()
  return data?.[name] ?? DEFAULT_FEATURE_FLAGS[name]
}
