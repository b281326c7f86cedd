import type { ReactNode } from 'react'
import { useEnginesQuery } from '../../../data/engines/engines-query'
import { Badge } from '../../ui/Badge'
import { DataTable } from '../../ui/DataTable'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Skeleton } from '../../ui/Skeleton'
import {
  CURRENT_ENGINE_BADGE,
  ENGINE_HEADERS,
  ENGINE_SOURCE_LABELS,
  ENGINES_DESCRIPTION,
  ENGINES_TITLE,
  LOAD_ENGINES_ERROR_TITLE,
  NEWER_MAJORS_NOTE,
  NO_ENGINES_MESSAGE,
} from './infrastructure.constants'
import { engineRows, newerMajors } from './infrastructure.utils'

/** The Postgres majors the platform can run, the project's own marked. */
export function PostgresEngines({ projectMajor }: { projectMajor: number }) {
  const engines = useEnginesQuery()

  let body: ReactNode
  if (engines.isPending) {
    body = <Skeleton className="h-24 w-full" />
  } else if (engines.isError) {
    body = (
      <ErrorState
        title={LOAD_ENGINES_ERROR_TITLE}
        error={engines.error}
        onRetry={() => void engines.refetch()}
        retrying={engines.isFetching}
      />
    )
  } else if (engines.data.length === 0) {
    body = <p className="text-sm text-neutral-600">{NO_ENGINES_MESSAGE}</p>
  } else {
    const newer = newerMajors(engines.data, projectMajor)
    body = (
      <>
        <DataTable
          className="rounded-lg border border-neutral-200 bg-white px-4 shadow-xs"
          data-testid="engines-table"
          headers={ENGINE_HEADERS}
          rows={engineRows(engines.data, projectMajor)}
          rowKey={(engine) => `${engine.major}-${engine.source}`}
          rowTestId={(engine) => `engine-${engine.major}-${engine.source}`}
          cells={(engine) => (
            <>
              <td className="py-2 pr-4 font-medium text-neutral-900">
                <span className="flex items-center gap-2">
                  {engine.major}
                  {engine.current && <Badge tone="success">{CURRENT_ENGINE_BADGE}</Badge>}
                </span>
              </td>
              <td className="py-2 pr-4 font-mono text-neutral-700">{engine.version}</td>
              <td className="py-2 pr-4 text-neutral-700">{ENGINE_SOURCE_LABELS[engine.source]}</td>
              <td className="py-2 pr-4 text-neutral-700">{engine.release_channel}</td>
            </>
          )}
        />
        {newer.length > 0 && <p className="text-sm text-neutral-600">{NEWER_MAJORS_NOTE(newer)}</p>}
      </>
    )
  }

  return (
    <Section
      titleId="engines-title"
      title={ENGINES_TITLE}
      description={ENGINES_DESCRIPTION}
      data-testid="infrastructure-engines"
    >
      {body}
    </Section>
  )
}
