import { CSV_RAW_EXPORT_HINT, CSV_RAW_EXPORT_LABEL, type CsvFormulaMode, type QueryResultSet } from '@pgfleet/contracts'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { type QueryExportFormat, useQueryExportMutation } from '../../../data/sql/query-export-mutation'
import { cn } from '../../../lib/cn'
import { startBrowserDownload } from '../../../lib/download'
import type { ResultEntry } from '../../../state/sql-editor-store'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { ResultsGrid } from './ResultsGrid'
import {
  CANCEL_QUERY_LABEL,
  EARLIER_STATEMENTS_NOTE,
  ERROR_TAB_LABEL,
  EXPORT_CSV_LABEL,
  EXPORT_FAILED,
  EXPORT_JSON_LABEL,
  HIDE_RESULTS_LABEL,
  LIMITED_ROWS_MESSAGE,
  NO_RESULTS_YET_MESSAGE,
  NO_ROWS_MESSAGE,
  RESULT_HISTORY_LABEL,
  RUNNING_QUERY_MESSAGE,
  SERVER_CAP_NOTICE,
  SHOW_RESULTS_LABEL,
} from './sql-editor.constants'
import { entryRowSets, resultTabLabel, rowResultSets, truncationNotices } from './sql-editor.utils'

function timeOf(entry: ResultEntry) {
  return new Date(entry.ranAt).toLocaleTimeString()
}

function QueryError({ error }: { error: NonNullable<ResultEntry['error']> }) {
  const details = error.details
  return (
    <div role="alert" className="h-full overflow-auto p-4" data-testid="query-error">
      <p className="font-mono text-sm font-semibold text-red-700" data-testid="query-error-title">
        {error.title}
      </p>
      {details?.formattedError && details.formattedError !== error.title && (
        <pre className="mt-2 font-mono text-xs whitespace-pre-wrap text-neutral-700" data-testid="query-error-details">
          {details.formattedError}
        </pre>
      )}
      {details?.results && details.results.length > 0 && (
        <p className="mt-3 text-xs text-neutral-600" data-testid="query-error-earlier">
          {EARLIER_STATEMENTS_NOTE(details.rolledBack === true)}
        </p>
      )}
    </div>
  )
}

/**
 * A run's outcome: one tab per result set that has rows, then the error when a statement failed (the
 * statements before it keep their tabs), or 'Success. No rows returned.'.
 */
function ResultView({ entry }: { entry: ResultEntry }) {
  const sets = entryRowSets(entry)
  const tabs = sets.length + (entry.error ? 1 : 0)
  // a failed run opens on its error; a successful one on its first result set
  const firstTab = entry.error ? sets.length : 0
  const [tab, setTab] = useState(firstTab)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new run starts on its first tab
  useEffect(() => setTab(firstTab), [entry.id])

  const current = Math.min(tab, tabs - 1)
  const showTabs = tabs > 1
  const tabBar = showTabs && (
    <ResultTabs sets={sets} tab={current} onTab={setTab} errorTab={entry.error ? sets.length : undefined} />
  )
  if (entry.error && current === sets.length) {
    return (
      <div className="flex h-full min-h-0 flex-col">
        {tabBar}
        <div className="min-h-0 flex-1">
          <QueryError error={entry.error} />
        </div>
      </div>
    )
  }
  const set = sets[current]
  if (!entry.error && !entry.response) return null
  if (!set || set.rows.length === 0) {
    return (
      <div className="flex h-full flex-col">
        {tabBar}
        <p className="p-4 text-sm text-neutral-600" data-testid="no-rows-message">
          {NO_ROWS_MESSAGE}
        </p>
      </div>
    )
  }
  return (
    <div className="flex h-full min-h-0 flex-col">
      {tabBar}
      <div className="min-h-0 flex-1">
        <ResultsGrid key={`${entry.id}-${current}`} set={set} />
      </div>
    </div>
  )
}

function ResultTabs({
  sets,
  tab,
  onTab,
  errorTab,
}: {
  sets: readonly QueryResultSet[]
  tab: number
  onTab: (tab: number) => void
  /** the index of the error's tab, after the result sets, when a statement failed */
  errorTab?: number
}) {
  const tabClass = (selected: boolean, error = false) =>
    cn(
      '-mb-px rounded-t border px-2.5 py-1 text-xs',
      selected ? 'border-neutral-200 border-b-white bg-white font-medium' : 'border-transparent hover:text-neutral-900',
      error ? 'text-red-700' : selected ? 'text-neutral-900' : 'text-neutral-600',
    )
  return (
    <div role="tablist" aria-label="Result sets" className="flex flex-wrap gap-1 border-b border-neutral-200 px-2 pt-1">
      {sets.map((set, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: result sets have no identity but their position
          key={index}
          type="button"
          role="tab"
          aria-selected={tab === index}
          onClick={() => onTab(index)}
          className={tabClass(tab === index)}
        >
          {resultTabLabel(set, index)} · {set.rows.length}
        </button>
      ))}
      {errorTab !== undefined && (
        <button
          type="button"
          role="tab"
          aria-selected={tab === errorTab}
          onClick={() => onTab(errorTab)}
          className={tabClass(tab === errorTab, true)}
        >
          {ERROR_TAB_LABEL}
        </button>
      )}
    </div>
  )
}

/** The results of a snippet: the chosen run of its history, export, hide/show, and cancel while running. */
export function ResultsPanel({
  projectRef,
  entries,
  running,
  onCancel,
  hidden,
  onToggleHidden,
  className,
}: {
  projectRef: string
  /** newest first */
  entries: readonly ResultEntry[]
  running: boolean
  onCancel: () => void
  hidden: boolean
  onToggleHidden: () => void
  className?: string
}) {
  const [selectedId, setSelectedId] = useState<string>()
  const newest = entries[0]
  // a new run shows itself
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the newest entry
  useEffect(() => setSelectedId(undefined), [newest?.id])
  const entry = entries.find((item) => item.id === selectedId) ?? newest
  const exportMutation = useQueryExportMutation({
    onSuccess: ({ fileUrl }) => startBrowserDownload(fileUrl),
    onError: (error) => toast.error(EXPORT_FAILED(getErrorMessage(error))),
  })
  const notices = entry?.response ? truncationNotices(entry.response, entry.rowLimit) : undefined
  const limit = notices?.rowLimit
  const cappedByServer = notices?.serverCap
  const rowCount = entry?.response ? rowResultSets(entry.response).reduce((sum, set) => sum + set.rows.length, 0) : 0

  const exportAs = (format: QueryExportFormat, formulas: CsvFormulaMode = 'escape') => {
    if (!entry) return
    exportMutation.mutate({ ref: projectRef, format, formulas, query: entry.sql, parameters: entry.parameters })
  }

  return (
    <section
      aria-label="Results"
      className={cn('flex min-h-0 flex-col border-t border-neutral-200 bg-white', className)}
      data-testid="results-panel"
      data-entry-id={running ? undefined : entry?.id}
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-3 py-1.5 text-xs">
        <span className="font-medium text-neutral-800">Results</span>
        {entries.length > 1 && (
          <label className="flex items-center gap-1 text-neutral-600">
            <span className="sr-only">{RESULT_HISTORY_LABEL}</span>
            <select
              aria-label={RESULT_HISTORY_LABEL}
              value={entry?.id}
              onChange={(event) => setSelectedId(event.target.value)}
              className="rounded border border-neutral-300 bg-white px-1 py-0.5"
              data-testid="result-history"
            >
              {entries.map((item) => (
                <option key={item.id} value={item.id}>
                  {timeOf(item)} {item.error ? '· error' : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {entry?.response && !running && (
          <span className="text-neutral-500" data-testid="results-summary">
            {rowCount} {rowCount === 1 ? 'row' : 'rows'} · {Math.round(entry.response.durationMs)} ms
          </span>
        )}
        {limit !== undefined && !running && (
          <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800" data-testid="row-limit-notice">
            {LIMITED_ROWS_MESSAGE(limit)}
          </span>
        )}
        {cappedByServer && !running && (
          <span className="text-amber-800" data-testid="server-cap-notice">
            {SERVER_CAP_NOTICE}
          </span>
        )}
        <span className="flex-1" />
        {entry?.response && !running && (
          <>
            <Button
              size="sm"
              variant="ghost"
              className="h-6 text-xs"
              onClick={() => exportAs('csv')}
              loading={
                exportMutation.isPending &&
                exportMutation.variables?.format === 'csv' &&
                exportMutation.variables.formulas === 'escape'
              }
            >
              {EXPORT_CSV_LABEL}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-6 text-xs"
              title={CSV_RAW_EXPORT_HINT}
              onClick={() => exportAs('csv', 'keep')}
              loading={exportMutation.isPending && exportMutation.variables?.formulas === 'keep'}
            >
              {CSV_RAW_EXPORT_LABEL}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-6 text-xs"
              onClick={() => exportAs('json')}
              loading={exportMutation.isPending && exportMutation.variables?.format === 'json'}
            >
              {EXPORT_JSON_LABEL}
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" className="h-6 text-xs" onClick={onToggleHidden} aria-expanded={!hidden}>
          {hidden ? SHOW_RESULTS_LABEL : HIDE_RESULTS_LABEL}
        </Button>
      </div>
      {!hidden && (
        <div className="min-h-0 flex-1">
          {running ? (
            <div className="flex items-center gap-3 p-4 text-sm text-neutral-600" role="status">
              <Spinner />
              {RUNNING_QUERY_MESSAGE}
              <Button size="sm" onClick={onCancel} data-testid="cancel-query">
                {CANCEL_QUERY_LABEL}
              </Button>
            </div>
          ) : entry ? (
            <ResultView entry={entry} />
          ) : (
            <p className="p-4 text-sm text-neutral-500">{NO_RESULTS_YET_MESSAGE}</p>
          )}
        </div>
      )}
    </section>
  )
}
