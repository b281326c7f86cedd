import type { ReactNode } from 'react'
import { usePlatformIsolationQuery } from '../../../data/isolation/platform-isolation-query'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Skeleton } from '../../ui/Skeleton'
import {
  ISOLATION_DESCRIPTION,
  ISOLATION_FULL,
  ISOLATION_MISSING_INTRO,
  ISOLATION_TITLE,
  LOAD_ISOLATION_ERROR_TITLE,
} from './infrastructure.constants'

/** How this platform keeps the project apart from others, and what it cannot do without root. */
export function TenantIsolation() {
  const isolation = usePlatformIsolationQuery()
  let body: ReactNode
  if (isolation.isPending) {
    body = <Skeleton className="h-12 w-full" />
  } else if (isolation.isError) {
    body = (
      <ErrorState
        title={LOAD_ISOLATION_ERROR_TITLE}
        error={isolation.error}
        onRetry={() => void isolation.refetch()}
        retrying={isolation.isFetching}
      />
    )
  } else if (isolation.data.missing.length === 0) {
    body = (
      <p className="text-sm text-neutral-700" data-testid="isolation-full">
        {ISOLATION_FULL}
      </p>
    )
  } else {
    body = (
      <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
        <p>{ISOLATION_MISSING_INTRO}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="isolation-missing">
          {isolation.data.missing.map((gap) => (
            <li key={gap}>{gap}</li>
          ))}
        </ul>
      </div>
    )
  }
  return (
    <Section
      titleId="isolation-title"
      title={ISOLATION_TITLE}
      description={ISOLATION_DESCRIPTION}
      data-testid="infrastructure-isolation"
    >
      {body}
    </Section>
  )
}
