import { type ComputeSize, DISK_MAX_SIZE_GB, READ_ONLY_DISK_PERCENT } from '@pgfleet/contracts'

export const COMPUTE_AND_DISK_TITLE = 'Compute and disk'
export const COMPUTE_SECTION_TITLE = 'Compute size'
export const COMPUTE_SECTION_DESCRIPTION =
  'The size sets how much memory the database server uses for its cache (shared_buffers) and per query operation (work_mem), and how many connections it accepts (max_connections). A change is applied by restarting the project, which is offline for a few minutes.'
export const COMPUTE_SIZE_LABELS: Record<ComputeSize, string> = {
  nano: 'Nano',
  micro: 'Micro',
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
}
export const COMPUTE_SETTING_LABELS = {
  shared_buffers: 'Shared buffers',
  max_connections: 'Max connections',
  work_mem: 'Work memory',
} as const
export const CURRENT_SIZE_BADGE = 'Current'
/** The link from a project's compute size to this page. */
export const CHANGE_COMPUTE_LINK = 'Change'
export const COMPUTE_SIZE_LEGEND = 'Choose a compute size'
export const RESIZE_LABEL = 'Change compute size'
export const RESIZE_CONFIRM_TITLE = (size: string) => `Change the compute size to ${size}?`
export const RESIZE_CONFIRM_DESCRIPTION =
  'The project restarts with the new size and is offline for a few minutes. Open connections are closed.'
export const RESIZE_CONFIRM_LABEL = 'Confirm resize'
export const RESIZE_STARTED_TOAST = 'Resizing project'
export const RESIZE_FAILED_MESSAGE = (message: string) => `Failed to resize project: ${message}`
export const COMPUTE_SIZES_LOAD_FAILED = 'Failed to load the compute sizes'

export const DISK_SECTION_TITLE = 'Disk'
export const DISK_NOTE = `Disk can be increased up to ${DISK_MAX_SIZE_GB}GB`
export const DISK_SIZE_LABEL = 'Disk size (GB)'
export const DISK_SAVE_LABEL = 'Save disk size'
export const DISK_USE_LABEL = 'In use'
export const DISK_NOT_SAMPLED = 'not measured yet'
export const DISK_USE_BREAKDOWN = (wal: string, temp: string, archive: string) =>
  `Everything the project occupies: data, WAL (${wal}, including what replication slots hold), temporary files (${temp}) and its WAL archive (${archive}).`
export const DISK_READ_ONLY_NOTE =
  'The project is in read-only mode because its disk is nearly full. Grow the disk here, or free space (see the banner above).'
export const DISK_UPDATED_TOAST = 'Disk size updated'
export const DISK_UPDATE_FAILED = (message: string) => `Failed to update the disk size: ${message}`
export const DISK_LOAD_FAILED = 'Failed to load the disk'
export const DISK_READ_ONLY_RULE = `A project turns read-only at ${READ_ONLY_DISK_PERCENT}% of its disk size and leaves read-only mode once it is below that again. Changing the size restarts nothing.`
