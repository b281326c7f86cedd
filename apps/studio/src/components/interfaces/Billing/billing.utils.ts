import { PANEL_SEARCH_PARAM, SOURCE_SEARCH_PARAM, SUBSCRIPTION_PLAN_PANEL } from './billing.constants'

export function isPlanPanelOpen(searchParams: URLSearchParams): boolean {
  return searchParams.get(PANEL_SEARCH_PARAM) === SUBSCRIPTION_PLAN_PANEL
}

export function getPanelSource(searchParams: URLSearchParams): string | undefined {
  return searchParams.get(SOURCE_SEARCH_PARAM) ?? undefined
}

/** The search params with the plan panel opened (or closed), other params untouched. */
export function withPlanPanel(searchParams: URLSearchParams, open: boolean): URLSearchParams {
  const next = new URLSearchParams(searchParams)
  if (open) {
    next.set(PANEL_SEARCH_PARAM, SUBSCRIPTION_PLAN_PANEL)
  } else {
    next.delete(PANEL_SEARCH_PARAM)
    next.delete(SOURCE_SEARCH_PARAM)
  }
  return next
}
