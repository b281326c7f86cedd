import type { Project } from '@pgfleet/contracts'
import { RESIZING_DESCRIPTION, RESIZING_POLL_INTERVAL_MS, RESIZING_TITLE } from './project-status.constants'
import { StatusScreen } from './StatusScreen'
import { useLeaveWhenStatusChanges } from './use-project-status-poll'

/** RESIZING: the compute size changes by a restart; polls every 4 s until the project is back. */
export function ResizingState({ project }: { project: Project }) {
  const poll = useLeaveWhenStatusChanges(project, { intervalMs: RESIZING_POLL_INTERVAL_MS })
  return (
    <StatusScreen
      screen="resizing"
      tone="busy"
      title={RESIZING_TITLE}
      description={RESIZING_DESCRIPTION}
      pollError={poll.error}
      pollIntervalMs={RESIZING_POLL_INTERVAL_MS}
    />
  )
}
