import { Navigate, Outlet } from 'react-router'
import { isApiError } from '../../../data/fetcher'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { ErrorState } from '../../ui/ErrorState'
import { PageSkeleton } from '../../ui/Skeleton'
import { LOADING_SESSION_LABEL } from './app-shell.constants'

/** Renders the signed-in pages, or sends the visitor to /sign-in. */
export function RequireAuth() {
  const { isPending, isError, error, refetch, isFetching } = useProfileQuery()
  if (isPending) return <PageSkeleton label={LOADING_SESSION_LABEL} />
  if (isError) {
    if (isApiError(error) && error.status === 401) return <Navigate to="/sign-in" replace />
    return (
      <ErrorState
        title="Failed to load your profile"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }
  return <Outlet />
}
