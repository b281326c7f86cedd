import { QueryErrorResetBoundary } from '@tanstack/react-query'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ErrorState } from './ErrorState'

/** A lazily loaded chunk that failed to download stays failed in React.lazy; only a reload fetches it again. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  )
}

type ErrorBoundaryProps = {
  children: ReactNode
  /** when this changes while an error is shown, the boundary tries again (e.g. the path) */
  resetKey?: unknown
  onReset?: () => void
}

type ErrorBoundaryState = { error: unknown; hasError: boolean }

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.reset()
  }

  reset = () => {
    this.props.onReset?.()
    this.setState({ error: undefined, hasError: false })
  }

  retry = () => {
    if (isChunkLoadError(this.state.error)) {
      window.location.reload()
      return
    }
    this.reset()
  }

  override render() {
    if (this.state.hasError) {
      return <ErrorState title="This page failed to load" error={this.state.error} onRetry={this.retry} />
    }
    return this.props.children
  }
}

/** One per route: a failure shows its message and a retry button; leaving the page clears it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary resetKey={pathname} onReset={reset}>
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  )
}
