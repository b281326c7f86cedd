import { type CSSProperties, lazy, Suspense } from 'react'
import { useParams } from 'react-router'
import { type RightPanel as RightPanelKind, useAppPanelsStore } from '../../../state/app-panels-store'
import { PageSkeleton } from '../../ui/Skeleton'
import { CLOSE_PANEL_LABEL, RIGHT_PANEL_TITLES } from './project-layout.constants'

// the editor, its grid and the SQL analyser load with the panel, never with the page
const SQLEditorPanel = lazy(() => import('../SQLEditor/SQLEditorPanel'))
// the chat client, Markdown and the query card load with the assistant
const AssistantPanel = lazy(() => import('../Assistant/AssistantPanel'))

/** The right-hand panel: the SQL editor or the AI assistant (which has its own header). */
export function RightPanel({ panel, width }: { panel: RightPanelKind; width: number }) {
  const close = useAppPanelsStore((state) => state.closeRightPanel)
  const { ref = '' } = useParams()
  return (
    <aside
      aria-label={RIGHT_PANEL_TITLES[panel]}
      data-testid="right-panel"
      data-panel={panel}
      style={{ '--panel-width': `${width}px` } as CSSProperties}
      className="fixed inset-0 z-30 flex flex-col bg-white md:static md:z-auto md:w-(--panel-width) md:shrink-0 md:border-l md:border-neutral-200"
    >
      {panel === 'assistant' && ref && (
        <div className="min-h-0 flex-1">
          <Suspense fallback={<PageSkeleton label="Loading the assistant" />}>
            <AssistantPanel key={ref} projectRef={ref} />
          </Suspense>
        </div>
      )}
      {panel === 'sql-editor' && (
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
      )}
      {panel === 'sql-editor' && ref && (
        <div className="min-h-0 flex-1">
          <Suspense fallback={<PageSkeleton label="Loading the SQL editor" />}>
            <SQLEditorPanel key={ref} projectRef={ref} />
          </Suspense>
        </div>
      )}
    </aside>
  )
}
