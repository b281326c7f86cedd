import type { QueryTruncationCause } from '@pgfleet/contracts'
import type pg from 'pg'
import { type CellParser, cellParser } from './values'

/** The parts of pg's (untyped) Connection a custom query talks to. */
export interface WireConnection {
  query(text: string): void
  parse(options: { text: string; name?: string; types?: number[] }): void
  bind(options: { portal?: string; statement?: string; values: (string | null)[] }): void
  describe(options: { type: 'P' | 'S'; name?: string }): void
  execute(options: { portal?: string; rows?: number }): void
  sync(): void
  sendCopyFail(message: string): void
  stream: { cork?(): void; uncork?(): void }
}

interface WireField {
  name: string
  dataTypeID: number
}

export interface CollectedColumn {
  name: string
  typeId: number
}

export interface CollectedResultSet {
  command: string | null
  columns: CollectedColumn[]
  rows: unknown[][]
  rowCount: number | null
  truncated: boolean
  /** the first limit that dropped a row of this set (a later one cannot change which rows were shown) */
  truncatedBy: QueryTruncationCause | null
}

export interface CollectLimits {
  /** rows kept per result set (the editor's row limit); Infinity for no limit */
  rowsPerResult: number
  /** rows kept over all result sets */
  totalRows: number
  /** characters of cell text kept over all result sets */
  totalChars: number
}

const COMMAND_COUNT = /^(.*?)((?: \d+)*)$/

/** 'INSERT 0 5' → INSERT, 5; 'CREATE TABLE' → CREATE TABLE, null. */
export function parseCommandTag(tag: string): { command: string | null; rowCount: number | null } {
  const [, command = '', counts = ''] = COMMAND_COUNT.exec(tag) ?? []
  const numbers = counts.trim().split(' ').filter(Boolean)
  const last = numbers[numbers.length - 1]
  return { command: command || null, rowCount: last === undefined ? null : Number(last) }
}

/**
 * A pg "submittable" that runs SQL and keeps every result set, but only as many rows as the limits
 * allow: the rest is read from the wire and dropped, so a huge result cannot exhaust memory, and the
 * statements still run to completion (stopping early would roll back the writes of the whole batch).
 * Without values it uses the simple protocol (several statements allowed); with values the extended
 * protocol (one statement, values bound).
 */
export class CollectingQuery {
  readonly results: CollectedResultSet[] = []
  private current: CollectedResultSet | undefined
  private parsers: CellParser[] = []
  private keptRows = 0
  private keptChars = 0
  private failure: Error | undefined
  callback: ((error: Error | null, results?: CollectedResultSet[]) => void) | undefined

  constructor(
    readonly text: string,
    readonly values: (string | null)[],
    private readonly limits: CollectLimits,
  ) {}

  /** Runs it on a checked-out client. */
  run(client: pg.PoolClient): Promise<CollectedResultSet[]> {
    return new Promise((resolve, reject) => {
      this.callback = (error, results) => (error ? reject(error) : resolve(results ?? []))
      client.query(this as unknown as pg.Submittable)
    })
  }

  submit(connection: WireConnection): void {
    if (this.values.length === 0) {
      connection.query(this.text)
      return
    }
    connection.stream.cork?.()
    try {
      connection.parse({ text: this.text })
      connection.bind({ values: this.values })
      connection.describe({ type: 'P' })
      connection.execute({ rows: 0 })
      connection.sync()
    } finally {
      connection.stream.uncork?.()
    }
  }

  handleRowDescription(message: { fields: WireField[] }): void {
    this.current = {
      command: null,
      columns: message.fields.map((field) => ({ name: field.name, typeId: field.dataTypeID })),
      rows: [],
      rowCount: null,
      truncated: false,
      truncatedBy: null,
    }
    this.results.push(this.current)
    this.parsers = message.fields.map((field) => cellParser(field.dataTypeID))
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const set = this.current
    if (!set || this.failure) return
    if (set.rows.length >= this.limits.rowsPerResult) {
      this.drop(set, 'row_limit')
      return
    }
    if (this.keptRows >= this.limits.totalRows) {
      this.drop(set, 'server_cap')
      return
    }
    let chars = 0
    for (const field of message.fields) chars += field === null ? 0 : field.length
    if (this.keptChars + chars > this.limits.totalChars) {
      this.drop(set, 'server_cap')
      return
    }
    try {
      set.rows.push(message.fields.map((field, i) => (field === null ? null : (this.parsers[i] ?? String)(field))))
    } catch (error) {
      this.failure = error as Error
      return
    }
    this.keptRows++
    this.keptChars += chars
  }

  private drop(set: CollectedResultSet, cause: QueryTruncationCause): void {
    set.truncated = true
    set.truncatedBy ??= cause
  }

  handleCommandComplete(message: { text: string }): void {
    const { command, rowCount } = parseCommandTag(message.text)
    // statements without a row description (INSERT, CREATE ...) still get their entry
    const set = this.current ?? {
      command: null,
      columns: [],
      rows: [],
      rowCount: null,
      truncated: false,
      truncatedBy: null,
    }
    if (!this.current) this.results.push(set)
    set.command = command
    set.rowCount = rowCount
    this.current = undefined
  }

  /** The result sets of the statements that ran to completion (after a failure: those before it). */
  completedResults(): CollectedResultSet[] {
    return this.results.filter((set) => set !== this.current)
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('COPY FROM STDIN is not supported here: there is no client file to read')
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    this.callback?.(error)
    this.callback = undefined
  }

  handleReadyForQuery(): void {
    if (this.failure) this.callback?.(this.failure)
    else this.callback?.(null, this.results)
    this.callback = undefined
  }
}
