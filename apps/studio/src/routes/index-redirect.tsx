import { Navigate } from 'react-router'
import { ErrorState } from '../components/ui/ErrorState'
import { PageSkeleton } from '../components/ui/Skeleton'
import { isApiError } from '../data/fetcher'
import { useProfileQuery } from '../data/profile/profile-query'

/** `/`: the projects when signed in, else the sign-in page. */
export default function IndexRedirect() {
  const { isPending, isError, error, refetch, isFetching } = useProfileQuery()
  if (isPending) return <PageSkeleton />
  if (isError) {
    if (isApiError(error) && error.status === 401) return <Navigate to="/sign-in" replace />
    return <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
  }
  return <Navigate to="/projects" replace />
}
