// The plain values of upgrade.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

/** Progress keys of a database upgrade, in order; a full-backup phase follows the last while still Upgrading. */
export const UPGRADE_PROGRESS = [
  'started',
  'launched upgraded instance',
  'detached volume from upgraded instance',
  'attached volume to original instance',
  'initiated data upgrade',
  'completed data upgrade',
  'detached volume from original instance',
  'attached volume to upgraded instance',
  'completed upgrade',
] as const

export type UpgradeProgress = (typeof UPGRADE_PROGRESS)[number]

export const UPGRADE_STATUSES = ['Upgrading', 'Upgraded', 'Failed'] as const

export const UPGRADE_FAILED_TITLE = 'We ran into an issue while upgrading your project'

export const UPGRADE_DATA_UNAFFECTED =
  'Your project is back online on its previous Postgres version and its data is unaffected.'
