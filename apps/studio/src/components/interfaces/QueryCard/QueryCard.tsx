import type { DragEvent, ReactNode } from 'react'
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { uuidv4 } from '../../../lib/uuid'
import { type ResultEntry, useSqlEditorStore } from '../../../state/sql-editor-store'
import { Button } from '../../ui/Button'
import { Skeleton } from '../../ui/Skeleton'
import { ResultsGrid } from '../SQLEditor/ResultsGrid'
import { RunConfirmDialog } from '../SQLEditor/RunConfirmDialog'
import { CANCEL_QUERY_LABEL, FAILED_TO_EXECUTE_QUERY, NO_ROWS_MESSAGE } from '../SQLEditor/sql-editor.constants'
import { rowResultSets } from '../SQLEditor/sql-editor.utils'
import { useSqlRunner } from '../SQLEditor/use-sql-runner'
import {
  CHART_MAX_HEIGHT_PX,
  CHART_NEEDS_COLUMNS,
  CHART_TYPE_LABEL,
  CHART_TYPE_LABELS,
  CHART_TYPES,
  type ChartType,
  CUMULATIVE_LABEL,
  QUERY_BLOCK_RENDER_DEBOUNCE_MS,
  QUERY_CARD_DRAG_HINT,
  QUERY_CARD_DRAG_TYPE,
  QUERY_CARD_NOT_RUN,
  QUERY_CARD_ROW_LIMIT,
  QUERY_CARD_RUN_LABEL,
  SHOW_GRID_LABEL,
  SHOW_LABELS_LABEL,
  VIEW_CHART_LABEL,
  VIEW_TABLE_LABEL,
  X_KEY_LABEL,
  Y_KEY_LABEL,
} from './query-card.constants'
import { type ChartConfig, canChart, chartKeys, DEFAULT_CHART_CONFIG, toChartData } from './query-card.utils'

const QueryChart = lazy(() => import('./QueryChart'))

/** The value, `delayMs` after it last changed (the first one at once). */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}

export type QueryCardDragPayload = { title: string; sql: string; snippetId?: string; config: ChartConfig }

export function readQueryCardDrag(event: DragEvent): QueryCardDragPayload | undefined {
  const raw = event.dataTransfer.getData(QUERY_CARD_DRAG_TYPE)
  if (!raw) return undefined
  try {
    return JSON.parse(raw) as QueryCardDragPayload
  } catch {
    return undefined
  }
}

/**
 * A reusable card: a query's SQL, a Run (with the editor's confirmation for unsafe SQL), and its result
 * as a table or a chart. Reports, the assistant and the editor share it.
 */
export function QueryCard({
  projectRef,
  title,
  sql,
  snippetId,
  config: initialConfig,
  onConfigChange,
  draggable = false,
  autoRun = false,
  actions,
  onRunClick,
}: {
  projectRef: string
  title: string
  sql: string
  snippetId?: string
  config?: Partial<ChartConfig>
  onConfigChange?: (config: ChartConfig) => void
  /** can be dropped into a report (reportsV2) */
  draggable?: boolean
  /** runs once when shown, if the SQL is a plain read (anything else waits for Run and its confirmation) */
  autoRun?: boolean
  actions?: ReactNode
  /** the user pressed Run (before any confirmation), for analytics */
  onRunClick?: () => void
}) {
  const [key] = useState(() => `query-card-${uuidv4()}`)
  const [config, setConfig] = useState<ChartConfig>({ ...DEFAULT_CHART_CONFIG, ...initialConfig })
  const [entry, setEntry] = useState<ResultEntry>()
  const running = useSqlEditorStore((state) => Boolean(state.running[key]))
  const { run, cancel, confirmation } = useSqlRunner(projectRef)
  // SQL streamed in (from the assistant) re-renders its block at most every 500 ms
  const shownSql = useDebouncedValue(sql, QUERY_BLOCK_RENDER_DEBOUNCE_MS)

  const set = entry?.response ? rowResultSets(entry.response).at(-1) : undefined
  const keys = useMemo(() => (set ? chartKeys(set.columns, config) : { xKey: '', yKey: '' }), [set, config])
  const chartData = useMemo(
    () => (set && config.view === 'chart' ? toChartData(set, { ...config, ...keys }) : []),
    [set, config, keys],
  )

  const update = (patch: Partial<ChartConfig>) => {
    const next = { ...config, ...keys, ...patch }
    setConfig(next)
    onConfigChange?.(next)
  }

  const onRun = async (onlyIfSafe = false) => {
    const result = await run({
      key,
      sql,
      rowLimit: QUERY_CARD_ROW_LIMIT,
      onlyIfSafe,
      failureToast: FAILED_TO_EXECUTE_QUERY,
    })
    if (result) setEntry(result)
  }

  const autoRan = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, with the SQL the card opened with
  useEffect(() => {
    if (!autoRun || autoRan.current) return
    autoRan.current = true
    void onRun(true)
  }, [autoRun])

  const onDragStart = (event: DragEvent) => {
    const payload: QueryCardDragPayload = { title, sql, snippetId, config: { ...config, ...keys } }
    event.dataTransfer.setData(QUERY_CARD_DRAG_TYPE, JSON.stringify(payload))
    event.dataTransfer.setData('text/plain', sql)
    event.dataTransfer.effectAllowed = 'copy'
  }

  const columns = set?.columns ?? []

  return (
    <article
      className="flex min-w-0 flex-col rounded-lg border border-neutral-200 bg-white shadow-xs"
      data-testid="query-card"
      data-title={title}
      draggable={draggable}
      onDragStart={draggable ? onDragStart : undefined}
      title={draggable ? QUERY_CARD_DRAG_HINT : undefined}
    >
      <header className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2">
        {draggable && (
          <span aria-hidden="true" className="cursor-grab text-neutral-400">
            ⠿
          </span>
        )}
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold text-neutral-900">{title}</h3>
        <fieldset className="inline-flex rounded-md border border-neutral-300 p-0.5 text-xs">
          <legend className="sr-only">View</legend>
          {(['table', 'chart'] as const).map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={config.view === view}
              onClick={() => update({ view })}
              className={config.view === view ? 'rounded bg-neutral-900 px-2 py-0.5 text-white' : 'rounded px-2 py-0.5'}
            >
              {view === 'table' ? VIEW_TABLE_LABEL : VIEW_CHART_LABEL}
            </button>
          ))}
        </fieldset>
        {actions}
        {running ? (
          <Button size="sm" onClick={() => void cancel(key)}>
            {CANCEL_QUERY_LABEL}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="primary"
            onClick={() => {
              onRunClick?.()
              void onRun()
            }}
            data-testid="query-card-run"
          >
            {QUERY_CARD_RUN_LABEL}
          </Button>
        )}
      </header>
      <pre className="max-h-32 overflow-auto border-b border-neutral-100 bg-neutral-50 px-3 py-2 font-mono text-xs whitespace-pre-wrap text-neutral-800">
        {shownSql}
      </pre>
      {config.view === 'chart' && set && canChart(set) && (
        <div className="flex flex-wrap items-center gap-3 border-b border-neutral-100 px-3 py-2 text-xs text-neutral-700">
          <label className="flex items-center gap-1">
            {CHART_TYPE_LABEL}
            <select
              value={config.type}
              onChange={(event) => update({ type: event.target.value as ChartType })}
              className="rounded border border-neutral-300 px-1 py-0.5"
            >
              {CHART_TYPES.map((type) => (
                <option key={type} value={type}>
                  {CHART_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <ColumnSelect label={X_KEY_LABEL} value={keys.xKey} columns={columns} onChange={(xKey) => update({ xKey })} />
          <ColumnSelect label={Y_KEY_LABEL} value={keys.yKey} columns={columns} onChange={(yKey) => update({ yKey })} />
          {(
            [
              ['cumulative', CUMULATIVE_LABEL],
              ['showLabels', SHOW_LABELS_LABEL],
              ['showGrid', SHOW_GRID_LABEL],
            ] as const
          ).map(([field, label]) => (
            <label key={field} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={config[field]}
                onChange={(event) => update({ [field]: event.target.checked })}
                className="accent-emerald-600"
              />
              {label}
            </label>
          ))}
        </div>
      )}
      <div className="min-h-16" style={{ maxHeight: CHART_MAX_HEIGHT_PX + 16 }}>
        {running ? (
          <Skeleton className="m-3 h-24" />
        ) : entry?.error ? (
          <p role="alert" className="p-3 font-mono text-xs text-red-700">
            {entry.error.title}
          </p>
        ) : !set ? (
          <p className="p-3 text-xs text-neutral-500">{entry ? NO_ROWS_MESSAGE : QUERY_CARD_NOT_RUN}</p>
        ) : set.rows.length === 0 ? (
          <p className="p-3 text-xs text-neutral-500">{NO_ROWS_MESSAGE}</p>
        ) : config.view === 'chart' ? (
          canChart(set) ? (
            <div className="p-2">
              <Suspense fallback={<Skeleton className="h-[250px]" />}>
                <QueryChart
                  data={chartData}
                  type={config.type}
                  yLabel={keys.yKey}
                  showLabels={config.showLabels}
                  showGrid={config.showGrid}
                />
              </Suspense>
            </div>
          ) : (
            <p className="p-3 text-xs text-neutral-500">{CHART_NEEDS_COLUMNS}</p>
          )
        ) : (
          <div
            className="overflow-hidden"
            data-testid="query-card-table"
            style={{ height: Math.min(CHART_MAX_HEIGHT_PX, 44 + set.rows.length * 28 + 2) }}
          >
            <ResultsGrid set={set} fillContainer />
          </div>
        )}
      </div>
      <RunConfirmDialog request={confirmation.request} onAnswer={confirmation.onAnswer} />
    </article>
  )
}

/** The x- and y-axis pickers: one select over the result's columns. */
function ColumnSelect({
  label,
  value,
  columns,
  onChange,
}: {
  label: string
  value: string
  columns: readonly { name: string }[]
  onChange: (name: string) => void
}) {
  return (
    <label className="flex items-center gap-1">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-neutral-300 px-1 py-0.5"
      >
        {columns.map((column) => (
          <option key={column.name} value={column.name}>
            {column.name}
          </option>
        ))}
      </select>
    </label>
  )
}
