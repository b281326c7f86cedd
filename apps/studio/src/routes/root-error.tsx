import { useRouteError } from 'react-router'
import { ErrorState } from '../components/ui/ErrorState'

/** Last resort for errors outside any page's own boundary. */
export function RootError() {
  const error = useRouteError()
  return <ErrorState title="The dashboard failed to load" error={error} onRetry={() => window.location.reload()} />
}
