import type { Project } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { isApiError } from '../../../data/fetcher'
import { removeProjectFromLists } from '../../../data/projects/forget-project'
import {
  ALL_PROJECTS_LABEL,
  DELETING_DESCRIPTION,
  DELETING_POLL_INTERVAL_MS,
  DELETING_TITLE,
} from './project-status.constants'
import { StatusScreen } from './StatusScreen'
import { useProjectStatusPoll, useRefreshProject } from './use-project-status-poll'

/** GOING_DOWN: polls until the project is gone (404), then goes to the project list. */
export function DeletingState({ project }: { project: Project }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refresh = useRefreshProject(project.ref)
  const poll = useProjectStatusPoll(project.ref, { intervalMs: DELETING_POLL_INTERVAL_MS })
  const gone = isApiError(poll.error) && poll.error.status === 404
  const { freshStatus } = poll

  useEffect(() => {
    if (!gone) return
    removeProjectFromLists(queryClient, project.ref)
    void navigate('/projects', { replace: true })
  }, [gone, navigate, queryClient, project.ref])

  // a deletion that failed leaves the project in another status
  useEffect(() => {
    if (freshStatus && freshStatus !== project.status) void refresh(freshStatus)
  }, [freshStatus, project.status, refresh])

  return (
    <StatusScreen
      screen="deleting"
      tone="busy"
      title={DELETING_TITLE}
      description={DELETING_DESCRIPTION}
      pollError={gone ? undefined : poll.error}
      pollIntervalMs={DELETING_POLL_INTERVAL_MS}
    >
      <Link to="/projects" className="text-sm font-medium text-emerald-700 hover:underline">
        {ALL_PROJECTS_LABEL}
      </Link>
    </StatusScreen>
  )
}
