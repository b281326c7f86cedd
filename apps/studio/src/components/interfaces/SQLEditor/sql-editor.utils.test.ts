import type { QueryResultSet } from '@pgfleet/contracts'
import * as sqlAnalysis from '@pgfleet/sql'
import { describe, expect, it } from 'vitest'
import * as constants from './sql-editor.constants'
import {
  COLUMN_CELL_CHROME_PX,
  COLUMN_WIDTH_SAMPLE_ROWS,
  cellText,
  checkFolderName,
  columnWidthForCharacters,
  columnWidths,
  DESTRUCTIVE_STATEMENT_MAX_CHARS,
  displayValue,
  filterSnippets,
  groupSnippets,
  mergeParameterFields,
  parameterValues,
  rowResultSets,
  runConfirmation,
  type SnippetListItem,
  sampleRowIndexes,
  sortSnippets,
  truncationNotices,
} from './sql-editor.utils'

describe('texts shared with @pgfleet/sql', () => {
  it('are the same strings and limits', () => {
    expect(constants.WRITE_OPERATION_WARNING).toBe(sqlAnalysis.WRITE_OPERATION_WARNING)
    expect(constants.FUNCTION_CALL_WARNING).toBe(sqlAnalysis.FUNCTION_CALL_WARNING)
    expect(constants.CONFIRM_EXECUTION_QUESTION).toBe(sqlAnalysis.CONFIRM_EXECUTION_QUESTION)
    expect(constants.CONFIRM_EXECUTION_HINT).toBe(sqlAnalysis.CONFIRM_EXECUTION_HINT)
    expect(constants.DEFAULT_QUERY_ERROR_TITLE).toBe(sqlAnalysis.DEFAULT_QUERY_ERROR_TITLE)
    expect(constants.ROW_LIMIT_OPTIONS).toEqual(sqlAnalysis.ROW_LIMIT_OPTIONS)
    expect(constants.DEFAULT_ROW_LIMIT).toBe(sqlAnalysis.DEFAULT_ROW_LIMIT)
    expect(constants.LIMITED_ROWS_MESSAGE(100)).toBe(sqlAnalysis.limitedRowsMessage(100))
    expect(constants.LIMITED_ROWS_MESSAGE(100)).toBe('Limited to only 100 rows')
  })
  it('quote the documented texts', () => {
    expect(constants.ROW_LIMIT_OPTIONS).toEqual([-1, 100, 500, 1000])
    expect(constants.NO_ROWS_MESSAGE).toBe('Success. No rows returned.')
    expect(constants.UNTITLED_QUERY_LABEL).toBe('Untitled query')
    expect(constants.NEW_QUERY_NAME).toBe('New Query')
    expect(constants.RUN_SELECTED_LABEL).toBe('Run selected')
    expect(constants.FOLDER_CREATE_FAILED('boom')).toBe('Failed to create folder: boom')
    expect(constants.FOLDER_SAVE_FAILED('boom')).toBe('Failed to save folder: boom')
    expect(constants.SNIPPET_SAVE_DEBOUNCE_MS).toBe(1000)
    expect(constants.EDITOR_CHANGE_DEBOUNCE_MS).toBe(300)
  })
})

describe('column widths', () => {
  it('are 8.25 px per character plus the cell padding, between 100 and 500 px', () => {
    expect(columnWidthForCharacters(0)).toBe(100)
    expect(columnWidthForCharacters(10)).toBe(100)
    expect(columnWidthForCharacters(11)).toBe(108)
    expect(columnWidthForCharacters(20)).toBe(182)
    expect(columnWidthForCharacters(58)).toBe(496)
    expect(columnWidthForCharacters(59)).toBe(500)
    expect(columnWidthForCharacters(10_000)).toBe(500)
  })

  it('leave every character of a date, a timestamp and an md5 hash its 8.25 px beside the padding', () => {
    const values = ['2026-11-26', '2026-11-26 12:52:05.184645+00', '9dd4e461268c8034f5c8564e155c67a6']
    const widths = columnWidths(
      values.map((_, i) => ({ name: `c${i}`, type: 'text' })),
      [values],
    )
    values.forEach((value, i) => {
      expect((widths[i] ?? 0) - COLUMN_CELL_CHROME_PX).toBeGreaterThanOrEqual(value.length * 8.25)
    })
  })

  it('count the header (name and type)', () => {
    const widths = columnWidths(
      [
        { name: 'a_rather_long_column_name', type: 'int4' },
        { name: 'x', type: 'timestamp with time zone' },
      ],
      [[1, '2026']],
    )
    expect(widths).toEqual([columnWidthForCharacters(25), columnWidthForCharacters(24)])
  })

  it('measure values as the grid displays them: NULL, JSON as written', () => {
    const json = { key: 'value', list: [1, 2, 3] }
    const [nullWidth, jsonWidth] = columnWidths(
      [
        { name: 'n', type: 'text' },
        { name: 'j', type: 'jsonb' },
      ],
      [[null, json]],
    )
    expect(nullWidth).toBe(100)
    expect(jsonWidth).toBe(columnWidthForCharacters(JSON.stringify(json).length))
  })

  it('read only the first line of a value', () => {
    expect(columnWidths([{ name: 'n', type: 'text' }], [['short\n'.concat('x'.repeat(400))]])).toEqual([100])
  })

  it('use a sample of the rows, never all of them', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [i === 50_001 ? 'x'.repeat(80) : 'y'])
    const sample = sampleRowIndexes(rows.length)
    expect(sample.length).toBeLessThanOrEqual(COLUMN_WIDTH_SAMPLE_ROWS)
    expect(sample[0]).toBe(0)
    expect(sample.at(-1)).toBe(99_999)
    // a long value outside the sample does not widen the column
    expect(sample.includes(50_001)).toBe(false)
    expect(columnWidths([{ name: 'c', type: 'text' }], rows)).toEqual([100])
  })

  it('sample every row of a small result', () => {
    expect(sampleRowIndexes(3)).toEqual([0, 1, 2])
    expect(sampleRowIndexes(0)).toEqual([])
  })

  it('take 100 000 rows x 10 columns in a few milliseconds', () => {
    const columns = Array.from({ length: 10 }, (_, i) => ({ name: `c${i}`, type: 'text' }))
    const rows = Array.from({ length: 100_000 }, (_, r) => columns.map((_, c) => `${r}-${c}`))
    const started = performance.now()
    columnWidths(columns, rows)
    expect(performance.now() - started).toBeLessThan(50)
  })
})

describe('cell display', () => {
  it('shows NULL for null, JSON as text, the first line only', () => {
    expect(displayValue(null)).toBe('NULL')
    expect(displayValue(undefined)).toBe('NULL')
    expect(displayValue({ a: 1 })).toBe('{"a":1}')
    expect(displayValue([1, 'b'])).toBe('[1,"b"]')
    expect(displayValue(false)).toBe('false')
    expect(cellText('one\ntwo')).toBe('one…')
    expect(cellText('x'.repeat(600)).length).toBe(501)
  })
})

describe('results', () => {
  const select = {
    command: 'SELECT',
    columns: [{ name: 'a', type: 'int4', typeId: 23 }],
    rows: [[1]],
    rowCount: 1,
    truncated: false,
    truncatedBy: null,
  }
  const insert = { command: 'INSERT', columns: [], rows: [], rowCount: 2, truncated: false, truncatedBy: null }

  it('give one tab per result set that returns rows', () => {
    const response = {
      results: [insert, select, select],
      truncated: false,
      autoLimit: null,
      notices: [],
      durationMs: 1,
    }
    expect(rowResultSets(response)).toHaveLength(2)
  })

  it('say "Limited to only N rows" whenever the row limit cut a result set, appended or not', () => {
    const cut = { ...select, truncated: true, truncatedBy: 'row_limit' as const }
    const capped = { ...select, truncated: true, truncatedBy: 'server_cap' as const }
    const response = (results: QueryResultSet[], autoLimit: number | null) => ({
      results,
      truncated: results.some((set) => set.truncated),
      autoLimit,
      notices: [],
      durationMs: 1,
    })
    expect(truncationNotices(response([cut], 100), 100)).toEqual({ rowLimit: 100, serverCap: false })
    // a leading comment or several statements: no LIMIT appended, rows still cut by the row limit
    expect(truncationNotices(response([cut], null), 100)).toEqual({ rowLimit: 100, serverCap: false })
    expect(truncationNotices(response([insert, select, cut], null), 500)).toEqual({ rowLimit: 500, serverCap: false })
    expect(truncationNotices(response([select], 100), 100)).toEqual({ rowLimit: undefined, serverCap: false })
    expect(truncationNotices(response([capped], 100_000), -1)).toEqual({ rowLimit: undefined, serverCap: true })
    expect(truncationNotices(response([cut, capped], null), 1000)).toEqual({ rowLimit: 1000, serverCap: true })
  })
})

describe('run confirmation', () => {
  const confirmationOf = async (sql: string) => {
    const parsed = await sqlAnalysis.parseSql(sql)
    return runConfirmation(sqlAnalysis.analyzeSafety(parsed).reason, sqlAnalysis.destructiveStatements(parsed))
  }

  it('asks the plain question for writes and functions that remove nothing', async () => {
    expect(await confirmationOf("insert into t values (1, 'delete from t')")).toEqual({
      warning: constants.WRITE_OPERATION_WARNING,
      question: constants.CONFIRM_EXECUTION_QUESTION,
      destructiveStatements: [],
    })
    expect(await confirmationOf('select pg_sleep(1)')).toEqual({
      warning: constants.FUNCTION_CALL_WARNING,
      question: constants.CONFIRM_EXECUTION_QUESTION,
      destructiveStatements: [],
    })
    expect((await confirmationOf('update t set a = 1 where id = 2')).question).toBe(
      constants.CONFIRM_EXECUTION_QUESTION,
    )
  })

  it('warns about removing something and lists each destructive statement once', async () => {
    const confirmation = await confirmationOf(
      "select 1;\ndrop table t;\ndelete   from items\n  where id = 1;\nupdate t set a = 1;\nselect '--'; truncate t",
    )
    expect(confirmation).toEqual({
      warning: constants.WRITE_OPERATION_WARNING,
      question: constants.CONFIRM_EXECUTION_HINT,
      destructiveStatements: ['drop table t', 'delete from items where id = 1', 'update t set a = 1', 'truncate t'],
    })
    const alter = await confirmationOf('alter table t drop column a, drop column b')
    expect(alter.destructiveStatements).toEqual(['alter table t drop column a, drop column b'])
  })

  it('cuts a long destructive statement to one short line', async () => {
    const long = `delete from t where id in (${Array.from({ length: 100 }, (_, i) => i).join(', ')})`
    const [line] = (await confirmationOf(long)).destructiveStatements
    expect(line).toHaveLength(DESTRUCTIVE_STATEMENT_MAX_CHARS + 1)
    expect(line?.endsWith('…')).toBe(true)
  })
})

describe('parameters bar', () => {
  const parameter = (overrides: Partial<sqlAnalysis.QueryParameter>): sqlAnalysis.QueryParameter => ({
    name: 'p',
    value: '',
    defaultValue: undefined,
    type: undefined,
    possibleValues: [],
    occurrences: 1,
    ...overrides,
  })

  it('starts from the @set defaults', () => {
    expect(mergeParameterFields({}, [parameter({ name: 'limit', defaultValue: '10', type: 'int' })])).toMatchObject([
      { name: 'limit', value: '10', type: 'int' },
    ])
  })

  it('keeps what the user typed while the SQL changes around it', () => {
    const fields = mergeParameterFields({ name: "O'Brien", gone: 'x' }, [
      parameter({ name: 'name', defaultValue: 'a' }),
    ])
    expect(fields).toEqual([expect.objectContaining({ name: 'name', value: "O'Brien" })])
  })

  it('gives an enum a select value it allows', () => {
    const status = parameter({ name: 'status', type: 'enum', possibleValues: ['open', 'done'] })
    expect(mergeParameterFields({}, [status])[0]?.value).toBe('open')
    expect(mergeParameterFields({ status: 'done' }, [status])[0]?.value).toBe('done')
    expect(mergeParameterFields({ status: 'bogus' }, [status])[0]?.value).toBe('open')
    expect(mergeParameterFields({}, [{ ...status, defaultValue: 'done' }])[0]?.value).toBe('done')
  })

  it('sends the values of the placeholders used, as they are (bound, not pasted)', () => {
    const fields = mergeParameterFields({ name: "O'Brien" }, [
      parameter({ name: 'name' }),
      parameter({ name: 'unused', defaultValue: '1', occurrences: 0 }),
    ])
    expect(parameterValues(fields)).toEqual({ name: "O'Brien" })
  })

  it('reads @set directives and placeholders with the SQL analyser', async () => {
    const parsed = await sqlAnalysis.parseParameters(
      "@set status:open|done = done\nselect ':x', $$ :y $$, data::jsonb from t where s = :status and n = :name",
    )
    const fields = mergeParameterFields({ name: 'Ann' }, parsed.parameters)
    expect(fields.map((field) => [field.name, field.value, field.type])).toEqual([
      ['status', 'done', 'enum'],
      ['name', 'Ann', undefined],
    ])
  })
})

describe('snippets sidebar', () => {
  const item = (id: string, overrides: Partial<SnippetListItem> = {}): SnippetListItem => ({
    id,
    name: id,
    visibility: 'user',
    folder_id: null,
    favorite: false,
    inserted_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    owner_id: 1,
    ...overrides,
  })

  it('sorts by name (case-insensitive, numbers in order), creation or last update', () => {
    const items = [
      item('b', { name: 'query 10', inserted_at: '2026-01-03', updated_at: '2026-01-01' }),
      item('a', { name: 'Query 2', inserted_at: '2026-01-01', updated_at: '2026-01-05' }),
      item('c', { name: 'alpha', inserted_at: '2026-01-02', updated_at: '2026-01-02' }),
    ]
    expect(sortSnippets(items, 'name').map((i) => i.id)).toEqual(['c', 'a', 'b'])
    expect(sortSnippets(items, 'inserted_at').map((i) => i.id)).toEqual(['b', 'c', 'a'])
    expect(sortSnippets(items, 'updated_at').map((i) => i.id)).toEqual(['a', 'c', 'b'])
  })

  it('searches names case-insensitively, untitled ones as "Untitled query"', () => {
    const items = [item('a', { name: 'Monthly Revenue' }), item('b', { name: '' })]
    expect(filterSnippets(items, 'revenue').map((i) => i.id)).toEqual(['a'])
    expect(filterSnippets(items, 'untitled').map((i) => i.id)).toEqual(['b'])
    expect(filterSnippets(items, '  ')).toHaveLength(2)
  })

  it('groups favorites, shared snippets (never in a folder) and folders', () => {
    const sections = groupSnippets([
      item('fav', { favorite: true }),
      item('shared', { visibility: 'project', folder_id: 'f1' }),
      item('inside', { folder_id: 'f1' }),
      item('root'),
    ])
    expect(sections.favorites.map((i) => i.id)).toEqual(['fav'])
    expect(sections.shared.map((i) => i.id)).toEqual(['shared'])
    expect(sections.byFolder.get('f1')?.map((i) => i.id)).toEqual(['inside'])
    expect(sections.root.map((i) => i.id)).toEqual(['fav', 'root'])
  })
})

describe('folder names', () => {
  const folders = [
    { id: 'f1', name: 'Reports' },
    { id: 'new-folder-1', name: 'draft' },
  ]
  it('are trimmed, and refused when empty', () => {
    expect(checkFolderName('  Analytics ', folders)).toEqual({ ok: true, name: 'Analytics' })
    expect(checkFolderName('   ', folders)).toEqual({ ok: false, reason: 'empty' })
  })
  it('are unique regardless of case: "This folder name already exists"', () => {
    expect(checkFolderName(' reports', folders)).toEqual({
      ok: false,
      reason: 'duplicate',
      message: 'This folder name already exists',
    })
  })
  it('may keep their own name when renamed, and ignore unsaved placeholders', () => {
    expect(checkFolderName('REPORTS', folders, 'f1')).toEqual({ ok: true, name: 'REPORTS' })
    expect(checkFolderName('draft', folders)).toEqual({ ok: true, name: 'draft' })
  })
})
