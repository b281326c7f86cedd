import type { Project } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { isApiError } from '../../../data/fetcher'
import { projectKeys } from '../../../data/projects/keys'
import { useProjectRestAvailabilityQuery } from '../../../data/projects/project-rest-availability-query'
import { CONNECTING_DESCRIPTION, CONNECTING_POLL_INTERVAL_MS, CONNECTING_TITLE } from './project-status.constants'
import { type ConnectingProbe, isOnlineByStatusProbe, nextConnectingProbe } from './project-status.utils'
import { StatusScreen } from './StatusScreen'
import { useProjectStatusPoll, useRefreshProject } from './use-project-status-poll'

/**
 * A healthy project whose REST service is OFFLINE: probes GET /platform/projects/{ref}/api/rest every 4 s (2 s
 * timeout) and, once it answers, marks the project ONLINE and fetches it again.
 */
export function ConnectingState({ project }: { project: Project }) {
  const queryClient = useQueryClient()
  const refresh = useRefreshProject(project.ref)
  const [mountedAt] = useState(() => Date.now())
  const [probe, setProbe] = useState<ConnectingProbe>('rest')

  const rest = useProjectRestAvailabilityQuery(
    { ref: project.ref },
    {
      enabled: probe === 'rest',
      staleTime: 0,
      refetchOnMount: 'always',
      refetchInterval: CONNECTING_POLL_INTERVAL_MS,
      refetchIntervalInBackground: true,
    },
  )
  const status = useProjectStatusPoll(project.ref, {
    intervalMs: CONNECTING_POLL_INTERVAL_MS,
    enabled: probe === 'status',
  })

  const restErrorStatus = isApiError(rest.error) ? rest.error.status : undefined
  useEffect(() => {
    setProbe((current) => nextConnectingProbe(current, restErrorStatus))
  }, [restErrorStatus])

  const restOnlineAt = rest.isSuccess && rest.dataUpdatedAt >= mountedAt ? rest.dataUpdatedAt : 0
  useEffect(() => {
    if (!restOnlineAt) return
    queryClient.setQueryData<Project>(projectKeys.detail(project.ref), (current) =>
      current ? { ...current, postgrestStatus: 'ONLINE' } : current,
    )
    void refresh()
  }, [restOnlineAt, project.ref, queryClient, refresh])

  // Without the REST route the detail's own postgrestStatus decides; each healthy answer fetches it again.
  const statusOnlineAt = isOnlineByStatusProbe(status.freshStatus) ? status.dataUpdatedAt : 0
  useEffect(() => {
    if (statusOnlineAt) void refresh()
  }, [statusOnlineAt, refresh])

  const pollError = probe === 'rest' ? (restErrorStatus === 404 ? undefined : rest.error) : status.error
  return (
    <StatusScreen
      screen="connecting"
      tone="busy"
      title={CONNECTING_TITLE}
      description={CONNECTING_DESCRIPTION}
      pollError={pollError}
      pollIntervalMs={CONNECTING_POLL_INTERVAL_MS}
    />
  )
}
