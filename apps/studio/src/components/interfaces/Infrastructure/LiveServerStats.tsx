import { INFRASTRUCTURE_NOT_RUNNING_MESSAGE, type ProjectStatus } from '@pgfleet/contracts'
import type { ReactNode } from 'react'
import { useProjectInfrastructureQuery } from '../../../data/projects/project-infrastructure-query'
import { DetailList } from '../../ui/DetailList'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Skeleton } from '../../ui/Skeleton'
import {
  CONNECTIONS_VALUE,
  LIVE_DESCRIPTION,
  LIVE_LABELS,
  LIVE_TITLE,
  LOAD_LIVE_ERROR_TITLE,
} from './infrastructure.constants'
import { formatDateTime } from './infrastructure.utils'
import { PlatformConnectionPools } from './PlatformConnectionPools'

/** Database size and the settings the server runs with, read live; only a running server can answer. */
export function LiveServerStats({ projectRef, status }: { projectRef: string; status: ProjectStatus }) {
  const running = status === 'ACTIVE_HEALTHY'
  const live = useProjectInfrastructureQuery({ ref: projectRef }, { enabled: running })

  let body: ReactNode
  if (!running) {
    body = <p className="text-sm text-neutral-600">{INFRASTRUCTURE_NOT_RUNNING_MESSAGE(status)}</p>
  } else if (live.isPending) {
    body = <Skeleton className="h-20 w-full" />
  } else if (live.isError) {
    body = (
      <ErrorState
        title={LOAD_LIVE_ERROR_TITLE}
        error={live.error}
        onRetry={() => void live.refetch()}
        retrying={live.isFetching}
      />
    )
  } else {
    const stats = [
      { label: LIVE_LABELS.databaseSize, value: live.data.database_size, testId: 'database-size' },
      { label: LIVE_LABELS.startedAt, value: formatDateTime(live.data.started_at), testId: 'started-at' },
      {
        label: LIVE_LABELS.connections,
        value: CONNECTIONS_VALUE(live.data.active_connections, live.data.max_connections),
        testId: 'connections',
      },
      { label: LIVE_LABELS.sharedBuffers, value: live.data.shared_buffers, testId: 'shared-buffers' },
    ]
    body = (
      <>
        <DetailList
          details={stats}
          testIdPrefix="infrastructure-"
          className="flex flex-wrap"
          itemClassName="min-w-40 flex-1"
        />
        <PlatformConnectionPools
          connections={live.data.platform_connections}
          maxConnections={live.data.max_connections}
        />
      </>
    )
  }

  return (
    <Section titleId="live-title" title={LIVE_TITLE} description={LIVE_DESCRIPTION} data-testid="infrastructure-live">
      {body}
    </Section>
  )
}
