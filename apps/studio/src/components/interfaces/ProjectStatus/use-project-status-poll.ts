import type { Project, ProjectStatus } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { projectKeys } from '../../../data/projects/keys'
import { useProjectStatusQuery } from '../../../data/projects/project-status-query'
import { hasLeftStatus, operationFailureToAnnounce } from './project-status.utils'

/**
 * Polls GET /platform/projects/{ref}/status while a status screen is shown. `freshStatus` is only set from
 * answers received after the screen opened, so a status cached earlier never closes the screen by mistake.
 */
export function useProjectStatusPoll(
  ref: string,
  {
    intervalMs,
    startDelayMs = 0,
    enabled = true,
    stopAtStatus,
  }: {
    intervalMs: number
    startDelayMs?: number
    enabled?: boolean
    /** polling ends once an answer says this status (answers cached earlier count only after a fresh one) */
    stopAtStatus?: ProjectStatus
  },
) {
  const [mountedAt] = useState(() => Date.now())
  const [started, setStarted] = useState(startDelayMs === 0)

  useEffect(() => {
    if (startDelayMs === 0) return
    const timer = setTimeout(() => setStarted(true), startDelayMs)
    return () => clearTimeout(timer)
  }, [startDelayMs])

  const query = useProjectStatusQuery(
    { ref },
    {
      enabled: enabled && started,
      staleTime: 0,
      refetchOnMount: 'always',
      refetchInterval: (current) =>
        stopAtStatus && current.state.dataUpdatedAt >= mountedAt && current.state.data?.status === stopAtStatus
          ? false
          : intervalMs,
      refetchIntervalInBackground: true,
    },
  )
  const freshStatus = query.dataUpdatedAt >= mountedAt ? query.data?.status : undefined
  return { ...query, freshStatus, started }
}

/** Shows the screen for a new status at once, then fetches the whole project (and the list) again. */
export function useRefreshProject(ref: string) {
  const queryClient = useQueryClient()
  return useCallback(
    (status?: ProjectStatus) => {
      if (status) {
        queryClient.setQueryData<Project>(projectKeys.detail(ref), (current) =>
          current ? { ...current, status } : current,
        )
      }
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() })
      return queryClient.invalidateQueries({ queryKey: projectKeys.detail(ref) })
    },
    [queryClient, ref],
  )
}

/**
 * The common behaviour of the restarting, resizing and pausing screens: poll, and leave once the status moved,
 * saying why when the operation failed without a screen of its own (a resize or restart that did not work).
 */
export function useLeaveWhenStatusChanges(project: Project, options: { intervalMs: number; startDelayMs?: number }) {
  const poll = useProjectStatusPoll(project.ref, options)
  const refresh = useRefreshProject(project.ref)
  const { freshStatus, data } = poll
  const failure = freshStatus ? operationFailureToAnnounce(data) : undefined
  useEffect(() => {
    if (!freshStatus || !hasLeftStatus(project.status, freshStatus)) return
    if (failure) toast.error(failure)
    void refresh(freshStatus)
  }, [freshStatus, failure, project.status, refresh])
  return poll
}
