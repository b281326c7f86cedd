import type { Project } from '@pgfleet/contracts'
import { RESTARTING_DESCRIPTION, RESTARTING_POLL_INTERVAL_MS, RESTARTING_TITLE } from './project-status.constants'
import { StatusScreen } from './StatusScreen'
import { useLeaveWhenStatusChanges } from './use-project-status-poll'

/** RESTARTING: offline for a few minutes; polls every 4 s until the project is back. */
export function RestartingState({ project }: { project: Project }) {
  const poll = useLeaveWhenStatusChanges(project, { intervalMs: RESTARTING_POLL_INTERVAL_MS })
  return (
    <StatusScreen
      screen="restarting"
      tone="busy"
      title={RESTARTING_TITLE}
      description={RESTARTING_DESCRIPTION}
      pollError={poll.error}
      pollIntervalMs={RESTARTING_POLL_INTERVAL_MS}
    />
  )
}
