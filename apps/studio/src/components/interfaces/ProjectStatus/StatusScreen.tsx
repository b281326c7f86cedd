import type { ReactNode } from 'react'
import { getErrorMessage } from '../../../data/fetcher'
import { Spinner } from '../../ui/Spinner'
import type { ProjectScreen } from '../ProjectLayout/project-layout.utils'
import { STATUS_CHECK_FAILED } from './project-status.constants'

type StatusScreenTone = 'busy' | 'error' | 'success'

const ICONS: Record<StatusScreenTone, ReactNode> = {
  busy: <Spinner className="size-5 text-emerald-600" />,
  error: (
    <span aria-hidden="true" className="flex size-6 items-center justify-center rounded-full bg-red-100 text-red-700">
      !
    </span>
  ),
  success: (
    <span
      aria-hidden="true"
      className="flex size-6 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
    >
      ✓
    </span>
  ),
}

/** The frame every status screen shares: an icon, a title, a sentence and the screen's own actions. */
export function StatusScreen({
  screen,
  tone,
  title,
  description,
  pollError,
  pollIntervalMs,
  children,
}: {
  screen: ProjectScreen
  tone: StatusScreenTone
  title: string
  description: ReactNode
  /** the last poll failed: said quietly, polling goes on */
  pollError?: unknown
  pollIntervalMs?: number
  children?: ReactNode
}) {
  return (
    <section
      aria-labelledby="project-status-title"
      aria-live="polite"
      className="mx-auto my-10 max-w-xl rounded-lg border border-neutral-200 bg-white p-6 shadow-xs"
      data-testid="project-status-screen"
      data-screen={screen}
    >
      <div className="flex items-center gap-3">
        {ICONS[tone]}
        <h1 id="project-status-title" className="text-lg font-semibold text-neutral-900">
          {title}
        </h1>
      </div>
      <div className="mt-2 text-sm text-neutral-600">{description}</div>
      {pollError !== undefined && pollError !== null && pollIntervalMs !== undefined && (
        <p className="mt-2 text-xs text-neutral-500">
          {STATUS_CHECK_FAILED(getErrorMessage(pollError), pollIntervalMs)}
        </p>
      )}
      {children && <div className="mt-5 flex flex-wrap items-center gap-2">{children}</div>}
    </section>
  )
}
