import { CHART_TYPES } from '@pgfleet/contracts'

/** Texts and limits of the query card. */
export const CHART_MAX_HEIGHT_PX = 250
export const QUERY_BLOCK_RENDER_DEBOUNCE_MS = 500
export { CHART_TYPES }
export type ChartType = (typeof CHART_TYPES)[number]
/** Rows a card asks for: the editor's default results limit. */
export const QUERY_CARD_ROW_LIMIT = 100

export const VIEW_TABLE_LABEL = 'Table'
export const VIEW_CHART_LABEL = 'Chart'
export const CHART_TYPE_LABELS: Record<ChartType, string> = { bar: 'Bar', line: 'Line' }
export const X_KEY_LABEL = 'X axis'
export const Y_KEY_LABEL = 'Y axis'
export const CHART_TYPE_LABEL = 'Chart type'
export const CUMULATIVE_LABEL = 'Cumulative'
export const SHOW_LABELS_LABEL = 'Labels'
export const SHOW_GRID_LABEL = 'Grid'
export const QUERY_CARD_RUN_LABEL = 'Run'
export const QUERY_CARD_NOT_RUN = 'Run the query to see its result.'
export const CHART_NEEDS_COLUMNS = 'A chart needs a result with at least two columns, one of them numeric.'
export const QUERY_CARD_DRAG_HINT = 'Drag this card into a report'
/** The drag-and-drop payload type of a card (title, SQL, chart config). */
export const QUERY_CARD_DRAG_TYPE = 'application/x-pgfleet-query-card'
