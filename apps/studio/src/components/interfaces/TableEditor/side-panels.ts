import { lazy } from 'react'

// The side panels that create or alter a table and import CSV need the DDL and CSV helpers and, through their
// schemas, zod: loaded once the rows are on screen (or when first opened), not before the first paint.
const loadTableDesigner = () => import('./TableDesignerPanel')
const loadImportCsv = () => import('./ImportCsvPanel')

export const TableDesignerPanel = lazy(() =>
  loadTableDesigner().then((module) => ({ default: module.TableDesignerPanel })),
)
export const ImportCsvPanel = lazy(() => loadImportCsv().then((module) => ({ default: module.ImportCsvPanel })))

/** Fetches the panels' code while the page is idle, so opening one does not wait for it. */
export function preloadSidePanels(): () => void {
  const load = () => {
    // a failure is reported when the panel is opened, which asks again
    loadTableDesigner().catch(() => {})
    loadImportCsv().catch(() => {})
  }
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(load, { timeout: 2000 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = window.setTimeout(load, 500)
  return () => window.clearTimeout(timer)
}
