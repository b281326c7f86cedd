import type { RunQueryResponse } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { toast } from 'sonner'
import { configKeys } from '../../../data/config/keys'
import { getErrorMessage } from '../../../data/fetcher'
import { type PgMetaList, pgMetaKeys } from '../../../data/pg-meta/keys'
import { readOnlyFunctionSet } from '../../../data/pg-meta/read-only-function-names-query'
import { executeSql, queryErrorDetails } from '../../../data/sql/execute-sql-mutation'
import { cancelQuery } from '../../../data/sql/query-cancel-mutation'
import { uuidv4 } from '../../../lib/uuid'
import { type ResultEntry, setRunning, useSqlEditorStore } from '../../../state/sql-editor-store'
import { FAILED_TO_EXECUTE_SQL, QUERY_CANCELLED_MESSAGE, READ_ONLY_SQL_TRANSACTION } from './sql-editor.constants'
import { type RunConfirmation, runConfirmation } from './sql-editor.utils'

/** Lists that live on the same catalog entries as a changed list: a new table can be a view's or a key's. */
const RELATED_LISTS: Partial<Record<PgMetaList, PgMetaList[]>> = {
  tables: ['views', 'materialized-views', 'foreign-keys'],
}

/** The catalog entries the REST API description (and so the API docs) is generated from. */
const REST_DESCRIPTION_LISTS: ReadonlySet<PgMetaList> = new Set<PgMetaList>([
  'tables',
  'views',
  'materialized-views',
  'functions',
  'types',
  'schemas',
])

export type RunRequest = {
  /** where the run is tracked (a snippet id, a card id) so it can be cancelled */
  key: string
  sql: string
  parameters?: Record<string, string>
  /** -1 for no limit */
  rowLimit: number
  /** run only SQL that needs no confirmation (a card running by itself); anything else is left to the user */
  onlyIfSafe?: boolean
  /**
   * The toast for a run that failed before Postgres answered (network, project not running): the editor says
   * 'Failed to execute SQL: …', the query card 'Failed to execute query: …'. Errors Postgres raised show in the
   * result instead.
   */
  failureToast?: (message: string) => string
}

/**
 * Runs SQL the way the editor, the query card and the assistant all do: bind the parameters, parse once
 * (SQL that does not parse is answered with its syntax error, never run), ask before anything that is not a
 * plain read, run what nobody confirmed in a read-only transaction (and ask if it tried to write anyway), run
 * with an id that can be cancelled, then refresh the
 * metadata lists the SQL changed. The SQL analyser loads on first use, never with the page.
 */
export function useSqlRunner(projectRef: string | undefined) {
  const queryClient = useQueryClient()
  const [request, setRequest] = useState<RunConfirmation>()
  const answer = useRef<(run: boolean) => void>(undefined)

  const ask = useCallback(
    (confirmation: RunConfirmation) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve
        setRequest(confirmation)
      }),
    [],
  )

  const onAnswer = useCallback((run: boolean) => {
    setRequest(undefined)
    answer.current?.(run)
    answer.current = undefined
  }, [])

  const run = useCallback(
    async ({
      key,
      sql,
      parameters = {},
      rowLimit,
      onlyIfSafe = false,
      failureToast = FAILED_TO_EXECUTE_SQL,
    }: RunRequest): Promise<ResultEntry | undefined> => {
      const analyzer = await import('@pgfleet/sql')
      const entry = (fields: Partial<ResultEntry>): ResultEntry => ({
        id: uuidv4(),
        ranAt: Date.now(),
        sql,
        parameters,
        rowLimit,
        ...fields,
      })

      let bound: string
      try {
        bound = (await analyzer.bindParameters(sql, parameters)).text
      } catch (error) {
        const message = getErrorMessage(error)
        return entry({ error: { title: analyzer.firstErrorLine(message), message } })
      }
      const parsed = await analyzer.parseSql(bound)
      if (parsed.error) {
        // it cannot run: say where the SQL is wrong, as Postgres would, instead of asking about it
        const details = analyzer.syntaxErrorReport(sql, bound, parsed.error)
        return entry({ error: { title: analyzer.firstErrorLine(details.message), message: details.message, details } })
      }
      let safety = analyzer.analyzeSafety(parsed)
      if (safety.reason === 'function') {
        // the built-in list did not cover every call: the project's catalog knows which functions only read
        const readOnlyFunctions = await readOnlyFunctionSet(queryClient, projectRef)
        if (readOnlyFunctions) safety = analyzer.analyzeSafety(parsed, { readOnlyFunctions })
      }
      if (safety.reason === 'empty') return undefined
      let confirmed = false
      if (!safety.safe) {
        if (onlyIfSafe) return undefined
        confirmed = await ask(runConfirmation(safety.reason, analyzer.destructiveStatements(parsed)))
        if (!confirmed) return undefined
      }

      const queryId = uuidv4()
      const abort = new AbortController()
      const send = (readOnly: boolean) =>
        executeSql({
          ref: projectRef,
          query: sql,
          parameters,
          rowLimit: rowLimit > 0 ? rowLimit : undefined,
          readOnly,
          queryId,
          signal: abort.signal,
        })
      setRunning(key, { queryId, abort, startedAt: performance.now() })
      try {
        let response: RunQueryResponse
        try {
          // SQL nobody confirmed runs read-only whatever the analysis said: a view's query, a domain's CHECK or a
          // cast's function can write, and the parser cannot see them
          response = await send(!confirmed)
        } catch (error) {
          if (confirmed || queryErrorDetails(error)?.code !== READ_ONLY_SQL_TRANSACTION) throw error
          // it tried to write and wrote nothing: a card running by itself leaves it to the user, a user is asked
          if (onlyIfSafe) return undefined
          setRunning(key, undefined)
          if (!(await ask(runConfirmation('write', [])))) return undefined
          setRunning(key, { queryId, abort, startedAt: performance.now() })
          response = await send(false)
        }
        const lists = new Set<PgMetaList>()
        for (const list of analyzer.invalidatedLists(parsed)) {
          lists.add(list)
          for (const related of RELATED_LISTS[list] ?? []) lists.add(related)
        }
        for (const list of lists) void queryClient.invalidateQueries({ queryKey: pgMetaKeys.list(projectRef, list) })
        if ([...lists].some((list) => REST_DESCRIPTION_LISTS.has(list))) {
          void queryClient.invalidateQueries({ queryKey: configKeys.restDescription(projectRef) })
        }
        return entry({ response })
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          return entry({ error: { title: QUERY_CANCELLED_MESSAGE, message: QUERY_CANCELLED_MESSAGE } })
        }
        const details = queryErrorDetails(error)
        const message = details?.message ?? getErrorMessage(error)
        // a card running by itself shows its error in place; a run someone asked for also says so in a toast
        if (!details && !onlyIfSafe) toast.error(failureToast(message))
        return entry({ error: { title: analyzer.firstErrorLine(message), message, details } })
      } finally {
        setRunning(key, undefined)
      }
    },
    [ask, projectRef, queryClient],
  )

  /** Asks the database to cancel the query; when it is not running there any more, the request is dropped. */
  const cancel = useCallback(
    async (key: string) => {
      const running = useSqlEditorStore.getState().running[key]
      if (!running) return
      try {
        const { cancelled } = await cancelQuery({ ref: projectRef, queryId: running.queryId })
        if (!cancelled) running.abort.abort()
      } catch {
        running.abort.abort()
      }
    },
    [projectRef],
  )

  return { run, cancel, confirmation: { request, onAnswer } }
}
