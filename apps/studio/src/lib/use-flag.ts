import { DEFAULT_FEATURE_FLAGS, type FeatureFlagName } from '@pgfleet/contracts'
import { useFeatureFlagsQuery } from '../data/feature-flags/feature-flags-query'

/** A flag's value from the platform, or its documented default until (or unless) the platform answers. */
export function useFlag(name: FeatureFlagName): boolean | string {
  const { data } = useFeatureFlagsQuery()
  return data?.[name] ?? DEFAULT_FEATURE_FLAGS[name]
}

/** Whether a flag counts as on: true, or the string 'true' from a configuration file. */
export function isFlagOn(value: boolean | string): boolean {
  return value === true || value === 'true'
}
