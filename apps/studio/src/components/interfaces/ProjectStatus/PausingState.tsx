import type { Project } from '@pgfleet/contracts'
import {
  PAUSING_DESCRIPTION,
  PAUSING_POLL_INTERVAL_MS,
  PAUSING_POLL_START_DELAY_MS,
  PAUSING_TITLE,
} from './project-status.constants'
import { StatusScreen } from './StatusScreen'
import { useLeaveWhenStatusChanges } from './use-project-status-poll'

/** PAUSING: the first poll waits 4 s after the screen opens, then one every 2 s until the project is paused. */
export function PausingState({ project }: { project: Project }) {
  const poll = useLeaveWhenStatusChanges(project, {
    intervalMs: PAUSING_POLL_INTERVAL_MS,
    startDelayMs: PAUSING_POLL_START_DELAY_MS,
  })
  return (
    <StatusScreen
      screen="pausing"
      tone="busy"
      title={PAUSING_TITLE}
      description={PAUSING_DESCRIPTION}
      pollError={poll.error}
      pollIntervalMs={PAUSING_POLL_INTERVAL_MS}
    />
  )
}
