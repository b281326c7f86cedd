import { useEffect, useRef, useState } from 'react'
import { Outlet, useLocation, useParams } from 'react-router'
import { useOrganizationsQuery } from '../../../data/organizations/organizations-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useDebouncedCallback } from '../../../lib/debounce'
import { useElementWidth, useViewportWidth } from '../../../lib/use-element-width'
import { useAppPanelsStore } from '../../../state/app-panels-store'
import { ResourceWarningBanners } from '../ResourceWarnings/ResourceWarningBanners'
import { MobileMenu } from './MobileMenu'
import { ProductMenu } from './ProductMenu'
import { ProjectHeader } from './ProjectHeader'
import { ProjectStatusGate } from './ProjectStatusGate'
import {
  ASSISTANT_PANEL_ENABLED,
  PRODUCT_MENU_DEFAULT_WIDTH_PX,
  PRODUCT_MENU_LABEL,
  PRODUCT_MENU_MAX_WIDTH_RATIO,
  PRODUCT_MENU_MIN_WIDTH_PX,
  RESIZE_DEBOUNCE_MS,
  RESIZE_MENU_LABEL,
  RESIZE_PANEL_LABEL,
} from './project-layout.constants'
import {
  clampProductMenuWidth,
  clampRightPanelWidth,
  getProjectSubpath,
  getRightPanelWidthBounds,
  isAssistantShortcut,
  isResizableMenuPath,
} from './project-layout.utils'
import { ResizeHandle } from './ResizeHandle'
import { RightPanel } from './RightPanel'

function useAssistantShortcut() {
  const toggleRightPanel = useAppPanelsStore((state) => state.toggleRightPanel)
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!ASSISTANT_PANEL_ENABLED || !isAssistantShortcut(event)) return
      event.preventDefault()
      toggleRightPanel('assistant')
    }
    window.addEventListener('keydown', handleKeyDown)
    return () => window.removeEventListener('keydown', handleKeyDown)
  }, [toggleRightPanel])
}

/**
 * /project/{ref}/*: header, product menu (resizable on list-heavy sections), main area gated by the
 * project's status, and a right panel holding either the assistant or the SQL editor.
 */
export function ProjectLayout() {
  const { ref = '' } = useParams()
  const { pathname } = useLocation()
  const subpath = getProjectSubpath(pathname, ref)
  const { data: project } = useProjectDetailQuery({ ref })
  const { data: organizations } = useOrganizationsQuery()
  const organization = organizations?.find((item) => item.slug === project?.organization_slug)

  const layoutRef = useRef<HTMLDivElement>(null)
  const layoutWidth = useElementWidth(layoutRef, RESIZE_DEBOUNCE_MS, window.innerWidth)
  const viewportWidth = useViewportWidth(RESIZE_DEBOUNCE_MS)

  const rightPanel = useAppPanelsStore((state) => state.rightPanel)
  const storedMenuWidth = useAppPanelsStore((state) => state.productMenuWidthPx)
  const storedPanelWidths = useAppPanelsStore((state) => state.rightPanelWidthPx)
  const setProductMenuWidthPx = useAppPanelsStore((state) => state.setProductMenuWidthPx)
  const setRightPanelWidthPx = useAppPanelsStore((state) => state.setRightPanelWidthPx)

  // Widths follow the pointer at once; they are saved once the drag settles.
  const [liveMenuWidth, setLiveMenuWidth] = useState<number | null>(null)
  const [livePanelWidth, setLivePanelWidth] = useState<number | null>(null)
  const saveMenuWidth = useDebouncedCallback(setProductMenuWidthPx, RESIZE_DEBOUNCE_MS)
  const savePanelWidth = useDebouncedCallback(setRightPanelWidthPx, RESIZE_DEBOUNCE_MS)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different panel starts from its own saved width
  useEffect(() => setLivePanelWidth(null), [rightPanel])

  useAssistantShortcut()

  const menuResizable = isResizableMenuPath(subpath)
  const menuWidth = clampProductMenuWidth(
    menuResizable ? (liveMenuWidth ?? storedMenuWidth ?? PRODUCT_MENU_DEFAULT_WIDTH_PX) : PRODUCT_MENU_DEFAULT_WIDTH_PX,
    layoutWidth,
  )
  const panelBounds = rightPanel ? getRightPanelWidthBounds(rightPanel, viewportWidth) : undefined
  const panelWidth = rightPanel
    ? clampRightPanelWidth(rightPanel, livePanelWidth ?? storedPanelWidths[rightPanel], viewportWidth)
    : 0

  return (
    <div className="flex h-dvh flex-col bg-neutral-50" data-testid="project-layout">
      <ProjectHeader project={project} organization={organization} />
      <ResourceWarningBanners projectRef={ref} />
      <div ref={layoutRef} className="flex min-h-0 flex-1">
        <nav
          aria-label={PRODUCT_MENU_LABEL}
          data-testid="product-menu"
          data-resizable={menuResizable}
          style={{ width: menuWidth }}
          className="hidden shrink-0 overflow-y-auto border-r border-neutral-200 bg-white md:block"
        >
          <ProductMenu projectRef={ref} subpath={subpath} />
        </nav>
        {menuResizable && (
          <ResizeHandle
            label={RESIZE_MENU_LABEL}
            value={menuWidth}
            min={PRODUCT_MENU_MIN_WIDTH_PX}
            max={Math.max(PRODUCT_MENU_MIN_WIDTH_PX, layoutWidth * PRODUCT_MENU_MAX_WIDTH_RATIO)}
            direction={1}
            onResize={(width) => {
              const clamped = clampProductMenuWidth(width, layoutWidth)
              setLiveMenuWidth(clamped)
              saveMenuWidth(clamped)
            }}
            className="-ml-0.5"
          />
        )}
        <main className="min-w-0 flex-1 overflow-y-auto" data-testid="project-main">
          <ProjectStatusGate projectRef={ref} subpath={subpath}>
            <Outlet />
          </ProjectStatusGate>
        </main>
        {rightPanel && panelBounds && (
          <>
            <ResizeHandle
              label={RESIZE_PANEL_LABEL}
              value={panelWidth}
              min={panelBounds.min}
              max={panelBounds.max}
              direction={-1}
              onResize={(width) => {
                const clamped = clampRightPanelWidth(rightPanel, width, viewportWidth)
                setLivePanelWidth(clamped)
                savePanelWidth(rightPanel, clamped)
              }}
            />
            <RightPanel panel={rightPanel} width={panelWidth} />
          </>
        )}
      </div>
      <MobileMenu projectRef={ref} subpath={subpath} projectName={project?.name} />
    </div>
  )
}
