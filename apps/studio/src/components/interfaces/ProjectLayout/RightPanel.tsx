import type { CSSProperties } from 'react'
import { type RightPanel as RightPanelKind, useAppPanelsStore } from '../../../state/app-panels-store'
import { CLOSE_PANEL_LABEL, RIGHT_PANEL_PLACEHOLDERS, RIGHT_PANEL_TITLES } from './project-layout.constants'

/** The right-hand panel: the AI assistant or the SQL editor (later issues fill both in). */
export function RightPanel({ panel, width }: { panel: RightPanelKind; width: number }) {
  const close = useAppPanelsStore((state) => state.closeRightPanel)
  return (
    <aside
      aria-label={RIGHT_PANEL_TITLES[panel]}
      data-testid="right-panel"
      data-panel={panel}
      style={{ '--panel-width': `${width}px` } as CSSProperties}
      className="fixed inset-0 z-30 flex flex-col bg-white md:static md:z-auto md:w-(--panel-width) md:shrink-0 md:border-l md:border-neutral-200"
    >
      <div className="flex h-11 items-center justify-between border-b border-neutral-200 px-4">
        <h2 className="text-sm font-semibold text-neutral-900">{RIGHT_PANEL_TITLES[panel]}</h2>
        <button
          type="button"
          onClick={close}
          aria-label={CLOSE_PANEL_LABEL}
          className="rounded p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="flex flex-1 items-center justify-center p-6">
        <p className="max-w-sm text-center text-sm text-neutral-600" data-testid="right-panel-placeholder">
          {RIGHT_PANEL_PLACEHOLDERS[panel]}
        </p>
      </div>
    </aside>
  )
}
