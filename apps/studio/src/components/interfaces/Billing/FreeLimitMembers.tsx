import { useFreeLimitMembersQuery } from '../../../data/organizations/free-limit-members-query'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { FREE_LIMIT_MEMBERS_DESCRIPTION, FREE_LIMIT_MEMBERS_TITLE, NO_FREE_LIMIT_MEMBERS } from './billing.constants'

export function FreeLimitMembers({ slug }: { slug: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useFreeLimitMembersQuery({ slug })
  return (
    <section aria-labelledby="free-limit-title" className="space-y-2">
      <h2 id="free-limit-title" className="text-base font-semibold text-neutral-900">
        {FREE_LIMIT_MEMBERS_TITLE}
      </h2>
      <p className="text-sm text-neutral-600">{FREE_LIMIT_MEMBERS_DESCRIPTION}</p>
      <div className="rounded-lg border border-neutral-200 bg-white shadow-xs">
        {isPending ? (
          <div className="p-4" role="status">
            <span className="sr-only">Loading</span>
            <Skeleton className="h-6" />
          </div>
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.length === 0 ? (
          <p className="p-4 text-sm text-neutral-500">{NO_FREE_LIMIT_MEMBERS}</p>
        ) : (
          <ul className="divide-y divide-neutral-100 text-sm" data-testid="free-limit-members">
            {data.map((member) => (
              <li key={member.primary_email} className="flex flex-wrap justify-between gap-2 px-4 py-2.5">
                <span className="text-neutral-900">
                  {member.username} <span className="text-neutral-500">({member.primary_email})</span>
                </span>
                <span className="text-xs text-neutral-500">limit {member.free_project_limit}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
