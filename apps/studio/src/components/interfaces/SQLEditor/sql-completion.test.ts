import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete'
import { EditorState } from '@codemirror/state'
import type { PgFunctionName, PgTableName } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { completionPointAt } from './sql-completion-context'
import { type CompletionData, CompletionIndex, sqlCompletionSource, sqlIdentifier } from './sql-completion-source'

/** Splits the text at the last `|`, which marks the cursor. */
function at(marked: string): [string, number] {
  const pos = marked.lastIndexOf('|')
  return [marked.slice(0, pos) + marked.slice(pos + 1), pos]
}
const point = (marked: string) => completionPointAt(...at(marked))

describe('completion point: what is typed, after which names, in which statement', () => {
  it.each([
    ['select na|', { prefix: 'na', qualifier: [] }],
    ['select | from t', { prefix: '', qualifier: [] }],
    ['select * from public.to|', { prefix: 'to', qualifier: ['public'] }],
    ['select * from public.|', { prefix: '', qualifier: ['public'] }],
    ['select b.|', { prefix: '', qualifier: ['b'] }],
    ['select app.books.ti|', { prefix: 'ti', qualifier: ['app', 'books'] }],
    ['select "Books".na|', { prefix: 'na', qualifier: ['Books'] }],
    ['select B.|', { prefix: '', qualifier: ['b'] }],
    ['select a . b|', { prefix: 'b', qualifier: [] }],
  ])('%s', (marked, expected) => {
    expect(point(marked)).toMatchObject(expected)
  })

  it('offers nothing inside strings, dollar-quoted bodies, comments, numbers', () => {
    for (const marked of [
      "select 'na|'",
      "select 'it''s na|",
      "select E'a\\'b na|'",
      'select $$ na| $$',
      'select $body$ na| $body$',
      'select 1 -- na|',
      'select /* na| */ 1',
      'select /* outer /* inner */ na| */ 1',
      'select 12|3',
    ]) {
      expect(point(marked), marked).toBeNull()
    }
    // right after a closed string or comment, completion works again
    expect(point("select 'x' || na|")).toMatchObject({ prefix: 'na' })
    expect(point('select /* c */ na|')).toMatchObject({ prefix: 'na' })
    expect(point('select 1 -- c\nna|')).toMatchObject({ prefix: 'na' })
  })

  it('finds the tables the current statement names, with aliases and schemas', () => {
    expect(point('select | from books b join app.authors as a on a.id = b.author_id')?.relations).toEqual([
      { schema: undefined, name: 'books', alias: 'b' },
      { schema: 'app', name: 'authors', alias: 'a' },
    ])
    expect(point('select | from a, b as x, only c where true')?.relations).toEqual([
      { schema: undefined, name: 'a', alias: undefined },
      { schema: undefined, name: 'b', alias: 'x' },
      { schema: undefined, name: 'c', alias: undefined },
    ])
    expect(point('update "Todo Items" t set |')?.relations).toEqual([
      { schema: undefined, name: 'Todo Items', alias: 't' },
    ])
    expect(point('insert into logs (|')?.relations).toEqual([{ schema: undefined, name: 'logs', alias: undefined }])
  })

  it('reads only the statement around the cursor, and not the word being typed', () => {
    const marked = 'select * from first;\nselect | from second;\nselect * from third'
    expect(point(marked)?.relations.map((r) => r.name)).toEqual(['second'])
    expect(point("select ';' from x; select | from y")?.relations.map((r) => r.name)).toEqual(['y'])
    expect(point('select * from bo|')?.relations).toEqual([])
    expect(point('select * from books where "from" = | ')?.relations.map((r) => r.name)).toEqual(['books'])
  })
})

const relations: PgTableName[] = [
  { id: 1, schema: 'public', name: 'books', kind: 'table' },
  { id: 2, schema: 'public', name: 'book_titles', kind: 'view' },
  { id: 3, schema: 'app', name: 'settings', kind: 'table' },
  { id: 4, schema: 'app', name: 'books', kind: 'materialized_view' },
  { id: 5, schema: 'public', name: 'Todo Items', kind: 'foreign_table' },
]
const functions: PgFunctionName[] = [
  {
    id: 10,
    schema: 'public',
    name: 'add',
    kind: 'function',
    argument_types: 'a integer, b integer',
    return_type: 'integer',
  },
  { id: 11, schema: 'app', name: 'refresh', kind: 'procedure', argument_types: '', return_type: 'void' },
]
const COLUMNS: Record<number, string[]> = {
  1: ['id', 'title', 'author_id'],
  3: ['key', 'value'],
  4: ['n'],
  5: ['Label'],
}

function setup() {
  const fetched: number[] = []
  const cache = new Map<number, string[]>()
  const data: CompletionData = {
    index: new CompletionIndex(relations, functions, ['public', 'app', 'extensions']),
    columns: (id) => {
      const cached = cache.get(id)
      if (cached) return cached
      fetched.push(id)
      return Promise.resolve(COLUMNS[id] ?? []).then((names) => {
        cache.set(id, names)
        return names
      })
    },
  }
  const source = sqlCompletionSource(() => data)
  const complete = async (marked: string, explicit = false) => {
    const [doc, pos] = at(marked)
    const state = EditorState.create({ doc })
    return (await source(new CompletionContext(state, pos, explicit))) as CompletionResult | null
  }
  const labels = async (marked: string, explicit = false) =>
    (await complete(marked, explicit))?.options.map((o) => o.label)
  return { complete, labels, fetched }
}

describe('completion from the project metadata', () => {
  it("offers the default schema's tables and functions and every schema name", async () => {
    const { labels, complete } = setup()
    expect(await labels('select * from bo|')).toEqual([
      'books',
      'book_titles',
      'Todo Items',
      'add',
      'public',
      'app',
      'extensions',
    ])
    const result = await complete('select * from bo|')
    expect(result).toMatchObject({ from: 14, validFor: expect.any(RegExp) })
    expect(result?.options.find((o) => o.label === 'Todo Items')).toMatchObject({ apply: '"Todo Items"' })
    expect(result?.options.find((o) => o.label === 'add')).toMatchObject({
      type: 'function',
      detail: '(a integer, b integer) → integer',
    })
  })

  it('offers tables and functions of a schema after `schema.`', async () => {
    const { labels } = setup()
    expect(await labels('select * from app.|')).toEqual(['settings', 'books', 'refresh'])
    expect(await labels('select * from app.se|')).toEqual(['settings', 'books', 'refresh'])
  })

  it('fetches a table’s columns lazily after `table.` or `alias.`, once', async () => {
    const { labels, fetched } = setup()
    expect(await labels('select b.| from books b')).toEqual(['id', 'title', 'author_id'])
    expect(await labels('select books.| from books')).toEqual(['id', 'title', 'author_id'])
    expect(await labels('select s.| from app.settings s')).toEqual(['key', 'value'])
    expect(await labels('select app.books.|')).toEqual(['n'])
    expect(await labels('select books.|')).toEqual(['id', 'title', 'author_id'])
    expect(fetched).toEqual([1, 3, 4])
    expect(await labels('select x.| from books b')).toBeUndefined()
  })

  it('offers the columns of the tables the statement reads, before the other names', async () => {
    const { labels } = setup()
    const offered = await labels('select ti| from books where true')
    expect(offered?.slice(0, 3)).toEqual(['id', 'title', 'author_id'])
    expect(offered).toContain('book_titles')
    expect(await labels('select | from "Todo Items"', true)).toContain('Label')
  })

  it('stays quiet where nothing is asked: strings, comments, an empty word unless asked explicitly', async () => {
    const { complete } = setup()
    expect(await complete("select 'bo|'")).toBeNull()
    expect(await complete('-- bo|')).toBeNull()
    expect(await complete('select |')).toBeNull()
    expect(await complete('select |', true)).not.toBeNull()
  })

  it('resolves unqualified names in the default schema first', () => {
    const index = new CompletionIndex(relations, functions, [])
    expect(index.resolve({ name: 'books' })?.id).toBe(1)
    expect(index.resolve({ schema: 'app', name: 'books' })?.id).toBe(4)
    expect(index.resolve({ name: 'settings' })?.id).toBe(3)
    expect(index.resolve({ name: 'todo items' })?.id).toBe(5)
    expect(index.resolve({ name: 'missing' })).toBeUndefined()
  })

  it('quotes identifiers only when SQL needs it', () => {
    expect(sqlIdentifier('books')).toBe('books')
    expect(sqlIdentifier('Books')).toBe('"Books"')
    expect(sqlIdentifier('say "hi"')).toBe('"say ""hi"""')
  })

  it('builds the index for 10,000 tables quickly and answers a keystroke from it', async () => {
    const many: PgTableName[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      schema: i % 10 === 0 ? 'public' : `s${i % 10}`,
      name: `table_${i}`,
      kind: 'table',
    }))
    const started = performance.now()
    const index = new CompletionIndex(many, [], [])
    const data: CompletionData = { index, columns: () => ['id'] }
    const source = sqlCompletionSource(() => data)
    const doc = `select * from public.table_4240 t where t.id > 10 and ${'x'.repeat(2000)} and tab`
    const context = new CompletionContext(EditorState.create({ doc }), doc.length, false)
    const result = (await source(context)) as CompletionResult
    expect(performance.now() - started).toBeLessThan(200)
    expect(result.options).toHaveLength(1 + 1000 + 10)
    const again = performance.now()
    await source(context)
    expect(performance.now() - again).toBeLessThan(16)
  })
})
