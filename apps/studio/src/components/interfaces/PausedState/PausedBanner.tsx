import type { Project } from '@pgfleet/contracts'
import { PAUSED_BANNER_TEXT } from './paused-state.constants'
import { RestoreProjectButton } from './RestoreProjectButton'

/** On a paused project's home and settings, which stay reachable: the restore prompt above the page. */
export function PausedBanner({ project }: { project: Project }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 border-b border-amber-200 bg-amber-50 px-6 py-3 text-sm text-amber-900"
      data-testid="paused-banner"
    >
      <p>{PAUSED_BANNER_TEXT}</p>
      <RestoreProjectButton project={project} size="sm" />
    </div>
  )
}
