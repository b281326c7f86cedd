// The plain values of feature-flags.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

/** The dashboard's feature flags. Values come from configuration (env or a JSON file). */
export const FEATURE_FLAG_NAMES = [
  'enforceNinetyDayUnpauseExpiry',
  'enableNinetyDayStorageDownload',
  'disableProjectVersionSelection',
  'proBenefitWording',
  'reportsV2',
  'disableAssistantPrompts',
  'project_auth',
  'project_storage',
  'project_edge_function',
  'realtime',
] as const

export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number]

export const DEFAULT_FEATURE_FLAGS: Record<FeatureFlagName, boolean | string> = {
  enforceNinetyDayUnpauseExpiry: true,
  enableNinetyDayStorageDownload: true,
  disableProjectVersionSelection: false,
  proBenefitWording: 'variant-a',
  reportsV2: false,
  disableAssistantPrompts: false,
  project_auth: true,
  project_storage: true,
  project_edge_function: true,
  realtime: true,
}
