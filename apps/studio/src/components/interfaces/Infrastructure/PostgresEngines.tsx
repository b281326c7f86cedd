import type { ReactNode } from 'react'
import { useEnginesQuery } from '../../../data/engines/engines-query'
import { Badge } from '../../ui/Badge'
import { ErrorState } from '../../ui/ErrorState'
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
  UPGRADES_NOT_AVAILABLE,
} from './infrastructure.constants'
import { engineRows, newerMajors } from './infrastructure.utils'

/** The Postgres majors the platform can run, the project's own marked; no upgrade button, since there is none. */
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
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white px-4 shadow-xs">
          <table className="w-full text-left text-sm" data-testid="engines-table">
            <thead>
              <tr className="border-b border-neutral-200 text-xs text-neutral-500">
                {ENGINE_HEADERS.map((header) => (
                  <th key={header} scope="col" className="py-2 pr-4 font-medium">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {engineRows(engines.data, projectMajor).map((engine) => (
                <tr
                  key={`${engine.major}-${engine.source}`}
                  className="border-b border-neutral-100 last:border-0"
                  data-testid={`engine-${engine.major}-${engine.source}`}
                >
                  <td className="py-2 pr-4 font-medium text-neutral-900">
                    <span className="flex items-center gap-2">
                      {engine.major}
                      {engine.current && <Badge tone="success">{CURRENT_ENGINE_BADGE}</Badge>}
                    </span>
                  </td>
                  <td className="py-2 pr-4 font-mono text-neutral-700">{engine.version}</td>
                  <td className="py-2 pr-4 text-neutral-700">{ENGINE_SOURCE_LABELS[engine.source]}</td>
                  <td className="py-2 pr-4 text-neutral-700">{engine.release_channel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {newer.length > 0 && <p className="text-sm text-neutral-600">{NEWER_MAJORS_NOTE(newer)}</p>}
      </>
    )
  }

  return (
    <section aria-labelledby="engines-title" className="space-y-3" data-testid="infrastructure-engines">
      <div>
        <h2 id="engines-title" className="text-base font-semibold text-neutral-900">
          {ENGINES_TITLE}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{ENGINES_DESCRIPTION}</p>
      </div>
      {body}
      <p className="text-sm font-medium text-neutral-900" data-testid="upgrades-not-available">
        {UPGRADES_NOT_AVAILABLE}
      </p>
    </section>
  )
}
