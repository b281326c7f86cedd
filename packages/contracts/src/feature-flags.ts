import { z } from 'zod'

export const FeatureFlagValue = z.union([z.boolean(), z.string()])
export const FeatureFlags = z.record(z.string(), FeatureFlagValue)
export type FeatureFlags = z.infer<typeof FeatureFlags>
