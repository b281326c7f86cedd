/**
 * The upgrade's progress keys, in order, as the dashboard shows them. Each is recorded when its step is done;
 * a full backup of the upgraded cluster follows 'completed upgrade'.
 */
export const UPGRADE_PROGRESS_KEYS = [
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
export type UpgradeProgressKey = (typeof UPGRADE_PROGRESS_KEYS)[number]
