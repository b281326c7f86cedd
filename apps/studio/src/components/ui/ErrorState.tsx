import { getErrorMessage } from '../../data/fetcher'
import { Button } from './Button'
import { RETRY_LABEL } from './ui.constants'

/** A failed load: what went wrong and a way to try again. Never a blank screen. */
export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
  retrying,
}: {
  title?: string
  error: unknown
  onRetry?: () => void
  retrying?: boolean
}) {
  return (
    <div
      role="alert"
      className="mx-auto my-10 max-w-lg rounded-lg border border-red-200 bg-white p-6 text-center shadow-xs"
    >
      <p className="font-semibold text-neutral-900">{title}</p>
      <p className="mt-2 text-sm break-words text-neutral-600" data-testid="error-message">
        {getErrorMessage(error)}
      </p>
      {onRetry && (
        <Button className="mt-4" onClick={onRetry} loading={retrying}>
          {RETRY_LABEL}
        </Button>
      )}
    </div>
  )
}
