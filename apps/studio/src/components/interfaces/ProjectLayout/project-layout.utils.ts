import type { PostgrestStatus, ProjectStatus } from '@pgfleet/contracts'
import type { RightPanel } from '../../../state/app-panels-store'
import {
  ASSISTANT_PANEL_MAX_WIDTH_PX,
  ASSISTANT_PANEL_MIN_WIDTH_PX,
  ASSISTANT_PANEL_VERY_WIDE_MAX_WIDTH_PX,
  ASSISTANT_PANEL_VERY_WIDE_MIN_WIDTH_PX,
  ASSISTANT_SHORTCUT_KEY,
  CONNECTING_EXEMPT_SUBPATHS,
  PRODUCT_MENU_MAX_WIDTH_RATIO,
  PRODUCT_MENU_MIN_WIDTH_PX,
  RESIZABLE_MENU_SECTIONS,
  SETTING_UP_SUPPORT_CATEGORY,
  SQL_EDITOR_PANEL_DEFAULT_RATIO,
  SQL_EDITOR_PANEL_MAX_RATIO,
  SQL_EDITOR_PANEL_MIN_WIDTH_PX,
  VERY_WIDE_SCREEN_MIN_WIDTH_PX,
} from './project-layout.constants'

/** The screen the main area shows. */
export type ProjectScreen =
  | 'page'
  | 'setting-up'
  | 'connecting'
  | 'paused'
  | 'pausing'
  | 'pause-failed'
  | 'restarting'
  | 'resizing'
  | 'upgrading'
  | 'restoring'
  | 'restore-complete'
  | 'restore-failed'
  | 'deleting'

/** The part of the path after /project/{ref}, without slashes at either end ('' for the home page). */
export function getProjectSubpath(pathname: string, ref: string): string {
  const prefix = `/project/${ref}`
  if (!pathname.startsWith(prefix)) return ''
  return pathname.slice(prefix.length).replace(/^\/+|\/+$/g, '')
}

function isHomeOrSettings(subpath: string) {
  return subpath === '' || subpath === 'settings' || subpath.startsWith('settings/')
}

/**
 * The screen for the project's status on the page at `subpath`. A healthy project whose REST service is
 * offline shows the connecting screen; `postgrestStatus` defaults to ONLINE for callers that only know the status.
 */
export function getProjectScreen(
  status: ProjectStatus,
  subpath: string,
  postgrestStatus: PostgrestStatus = 'ONLINE',
): ProjectScreen {
  switch (status) {
    case 'ACTIVE_HEALTHY':
      return postgrestStatus === 'OFFLINE' && !CONNECTING_EXEMPT_SUBPATHS.has(subpath) ? 'connecting' : 'page'
    case 'COMING_UP':
    case 'UNKNOWN':
      return 'setting-up'
    case 'INACTIVE':
      // A paused project's home and settings stay reachable; elsewhere it asks to restore.
      return isHomeOrSettings(subpath) ? 'page' : 'paused'
    case 'GOING_DOWN':
      return 'deleting'
    case 'PAUSING':
      return 'pausing'
    case 'PAUSE_FAILED':
      return 'pause-failed'
    case 'RESTARTING':
      return 'restarting'
    case 'RESIZING':
      return 'resizing'
    case 'UPGRADING':
      return 'upgrading'
    case 'RESTORING':
      return 'restoring'
    case 'RESTORE_FAILED':
      return 'restore-failed'
    default: {
      const unhandled: never = status
      return unhandled
    }
  }
}

/**
 * Once the restoring screen has been shown, it stays (saying 'Restoration complete!') after the project comes
 * back, until the user chooses to return to the project: the status may turn healthy before the screen's own
 * poll sees it. `held` says whether the restoring screen was shown for this project.
 */
export function holdRestoreScreen(screen: ProjectScreen, held: boolean): { screen: ProjectScreen; held: boolean } {
  if (screen === 'restoring') return { screen, held: true }
  if (held && (screen === 'page' || screen === 'connecting')) return { screen: 'restore-complete', held: true }
  return { screen, held: false }
}

export function isResizableMenuPath(subpath: string): boolean {
  return RESIZABLE_MENU_SECTIONS.has(subpath.split('/')[0] ?? '')
}

function clamp(value: number, min: number, max: number) {
  return Math.min(Math.max(value, min), Math.max(min, max))
}

export function clampProductMenuWidth(width: number, layoutWidth: number): number {
  return Math.round(clamp(width, PRODUCT_MENU_MIN_WIDTH_PX, layoutWidth * PRODUCT_MENU_MAX_WIDTH_RATIO))
}

export type WidthBounds = { min: number; max: number; initial: number }

export function getRightPanelWidthBounds(panel: RightPanel, viewportWidth: number): WidthBounds {
  if (panel === 'assistant') {
    const veryWide = viewportWidth >= VERY_WIDE_SCREEN_MIN_WIDTH_PX
    const min = veryWide ? ASSISTANT_PANEL_VERY_WIDE_MIN_WIDTH_PX : ASSISTANT_PANEL_MIN_WIDTH_PX
    const max = veryWide ? ASSISTANT_PANEL_VERY_WIDE_MAX_WIDTH_PX : ASSISTANT_PANEL_MAX_WIDTH_PX
    return { min, max, initial: min }
  }
  const max = Math.max(SQL_EDITOR_PANEL_MIN_WIDTH_PX, Math.round(viewportWidth * SQL_EDITOR_PANEL_MAX_RATIO))
  return {
    min: SQL_EDITOR_PANEL_MIN_WIDTH_PX,
    max,
    initial: clamp(Math.round(viewportWidth * SQL_EDITOR_PANEL_DEFAULT_RATIO), SQL_EDITOR_PANEL_MIN_WIDTH_PX, max),
  }
}

export function clampRightPanelWidth(panel: RightPanel, width: number | null, viewportWidth: number): number {
  const bounds = getRightPanelWidthBounds(panel, viewportWidth)
  return Math.round(clamp(width ?? bounds.initial, bounds.min, bounds.max))
}

/** Cmd+I or Ctrl+I without other modifiers. */
export function isAssistantShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>) {
  return (
    (event.metaKey || event.ctrlKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === ASSISTANT_SHORTCUT_KEY
  )
}

/** The support form, prefilled for a project whose database does not come up. */
export function supportLinkFor(ref: string): string {
  const params = new URLSearchParams({ category: SETTING_UP_SUPPORT_CATEGORY, ref })
  return `/support/new?${params}`
}
