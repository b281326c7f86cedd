import { Link } from 'react-router'
import { useSupportRequestsQuery } from '../../../data/support/support-requests-query'
import { buttonClassName } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import {
  NEW_SUPPORT_REQUEST_LABEL,
  NO_SUPPORT_REQUESTS,
  SUPPORT_REQUESTS_DESCRIPTION,
  SUPPORT_REQUESTS_SECTION_TITLE,
} from './organization.constants'

/** Support requests of the organization; owners only (the caller checks). */
export function SupportRequestsList({ slug }: { slug: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useSupportRequestsQuery({ slug })
  return (
    <section aria-labelledby="support-requests-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="support-requests-title" className="text-base font-semibold text-neutral-900">
            {SUPPORT_REQUESTS_SECTION_TITLE}
          </h2>
          <p className="text-sm text-neutral-600">{SUPPORT_REQUESTS_DESCRIPTION}</p>
        </div>
        <Link to={`/support/new?${new URLSearchParams({ org: slug })}`} className={buttonClassName({ size: 'sm' })}>
          {NEW_SUPPORT_REQUEST_LABEL}
        </Link>
      </div>
      <div className="rounded-lg border border-neutral-200 bg-white shadow-xs">
        {isPending ? (
          <div className="p-4" role="status">
            <span className="sr-only">Loading support requests</span>
            <Skeleton className="h-8" />
          </div>
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.length === 0 ? (
          <p className="p-4 text-sm text-neutral-500">{NO_SUPPORT_REQUESTS}</p>
        ) : (
          <ul className="divide-y divide-neutral-100" data-testid="support-requests-list">
            {data.map((request) => (
              <li key={request.id} className="px-4 py-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-neutral-900">{request.subject}</span>
                  <span className="text-xs text-neutral-500">{new Date(request.created_at).toLocaleString()}</span>
                </div>
                <p className="mt-0.5 text-xs text-neutral-500">
                  {request.category.replaceAll('_', ' ')}
                  {request.project_ref ? ` · project ${request.project_ref}` : ''} · {request.author_email}
                </p>
                <p className="mt-1 line-clamp-2 whitespace-pre-line text-neutral-700">{request.message}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
