import type { Project } from '@pgfleet/contracts'
import { useEffect, useState } from 'react'
import { Button } from '../../ui/Button'
import {
  RESTORE_COMPLETE_DESCRIPTION,
  RESTORE_COMPLETE_TITLE,
  RESTORING_DESCRIPTION,
  RESTORING_POLL_INTERVAL_MS,
  RESTORING_TITLE,
  RETURN_TO_PROJECT_LABEL,
} from './project-status.constants'
import { StatusScreen } from './StatusScreen'
import { useProjectStatusPoll, useRefreshProject } from './use-project-status-poll'

/**
 * RESTORING: polls every 4 s. Once the project is healthy it says 'Restoration complete!' and waits for the user;
 * any other answer refreshes the project detail (which moves the main area on, e.g. to the restore-failed screen).
 */
export function RestoringState({
  project,
  completed,
  onReturn,
}: {
  project: Project
  /** the project detail already says the project is back */
  completed: boolean
  /** called once the project detail has been fetched again */
  onReturn: () => void
}) {
  const refresh = useRefreshProject(project.ref)
  const [returning, setReturning] = useState(false)
  const poll = useProjectStatusPoll(project.ref, {
    intervalMs: RESTORING_POLL_INTERVAL_MS,
    enabled: !completed,
    stopAtStatus: 'ACTIVE_HEALTHY',
  })
  const { freshStatus, dataUpdatedAt } = poll
  const done = completed || freshStatus === 'ACTIVE_HEALTHY'

  // biome-ignore lint/correctness/useExhaustiveDependencies: every answer (dataUpdatedAt) refreshes, even an unchanged status
  useEffect(() => {
    if (!freshStatus || freshStatus === 'ACTIVE_HEALTHY') return
    void refresh(freshStatus === project.status ? undefined : freshStatus)
  }, [freshStatus, dataUpdatedAt, project.status, refresh])

  // the rest of the dashboard (header badge, lists) hears that the project is back, while this screen stays
  // until the user leaves it
  useEffect(() => {
    if (freshStatus === 'ACTIVE_HEALTHY' && !completed) void refresh('ACTIVE_HEALTHY')
  }, [freshStatus, completed, refresh])

  const handleReturn = async () => {
    setReturning(true)
    try {
      await refresh()
    } finally {
      setReturning(false)
      onReturn()
    }
  }

  if (done) {
    return (
      <StatusScreen
        screen="restore-complete"
        tone="success"
        title={RESTORE_COMPLETE_TITLE}
        description={RESTORE_COMPLETE_DESCRIPTION}
      >
        <Button variant="primary" onClick={() => void handleReturn()} loading={returning}>
          {RETURN_TO_PROJECT_LABEL}
        </Button>
      </StatusScreen>
    )
  }

  return (
    <StatusScreen
      screen="restoring"
      tone="busy"
      title={RESTORING_TITLE}
      description={RESTORING_DESCRIPTION}
      pollError={poll.error}
      pollIntervalMs={RESTORING_POLL_INTERVAL_MS}
    />
  )
}
