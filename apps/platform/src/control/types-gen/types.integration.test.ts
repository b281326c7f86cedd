import type { TypescriptTypesResponse } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_SCHEMA_SQL, type ProjectFixture, startProjectFixture } from '../pg-meta/testing'
import { typecheckWithDatabase } from './typecheck'

let f: ProjectFixture
let types = ''

beforeAll(async () => {
  f = await startProjectFixture()
  const client = await f.connect()
  await client.query(FIXTURE_SCHEMA_SQL)
  await client.end()
})
afterAll(async () => {
  await f?.t.destroy()
})

const GOOD_PROGRAM = `
import { createClient } from '@supabase/supabase-js'
import type { Database, Enums, Tables, TablesInsert } from './database'
import { Constants } from './database'

const supabase = createClient<Database>('http://localhost:8080/p/ref', 'anon-key')

export async function main() {
  const { data: books } = await supabase.from('books').select('id, title, author_id, tags, meta')
  const title: string | undefined = books?.[0]?.title
  const tags: string[] | null | undefined = books?.[0]?.tags
  await supabase.from('authors').insert({ name: 'Ann', mood: 'sad', moods: ['happy'] })
  await supabase.from('books').update({ title: 'New' }).eq('id', 1)
  const { data: joined } = await supabase.from('books').select('title, authors(name)')
  const authorName: string | undefined = joined?.[0]?.authors?.name
  const { data: sum } = await supabase.rpc('add', { a: 1 })
  const total: number | null = sum
  const { data: found } = await supabase.rpc('search', { q: '%a%' })
  const firstTitle: string | undefined = found?.[0]?.title
  const { data: titles } = await supabase.from('book_titles').select('author')
  const author: string | null | undefined = titles?.[0]?.author
  const settings = await supabase.schema('app').from('settings').select('key, value')
  const key: string | undefined = settings.data?.[0]?.key
  const row: Tables<'books'> | null = null
  const insert: TablesInsert<'authors'> = { name: 'Bo' }
  const mood: Enums<'mood'> = Constants.public.Enums.mood[0]
  return { title, tags, authorName, total, firstTitle, author, key, row, insert, mood }
}
`

const WRONG_COLUMN_PROGRAM = `
import { createClient } from '@supabase/supabase-js'
import type { Database } from './database'

const supabase = createClient<Database>('http://localhost:8080/p/ref', 'anon-key')

export async function main() {
  await supabase.from('books').insert({ titel: 'Typo', author_id: 1 })
  const { data } = await supabase.from('books').select('id, title')
  return data?.[0]?.titel
}
`

describe('GET /v1/projects/{ref}/types/typescript', () => {
  it('answers the Database type of the included schemas', async () => {
    const response = await f.owner.get<TypescriptTypesResponse>(
      `/v1/projects/${f.project.ref}/types/typescript?included_schemas=public,app`,
    )
    expect(response.status).toBe(200)
    types = response.body.types
    expect(types).toContain('export type Database = {')
    expect(types).toContain('mood: "happy" | "sad" | "meh"')
    expect(types).toContain('id?: never') // authors.id is GENERATED ALWAYS AS IDENTITY
    expect(types).toContain('slug?: never') // a generated column cannot be written
    expect(types).toContain('foreignKeyName: "books_author_id_fkey"')
    expect(types).toContain('add: { Args: { a: number; b?: number }; Returns: number }')
    expect(types).toContain(
      'books_by: { Args: { author: number }; Returns: Database["public"]["Tables"]["books"]["Row"][] }',
    )
    expect(types).toContain(
      'search: { Args: { q: string; max_rows?: number }; Returns: { id: number; title: string }[] }',
    )
    expect(types).toContain('address: { street: string | null; zip: number | null }')
    expect(types).not.toContain('touch:') // trigger functions cannot be called through the API
    expect(types).toContain('  app: {')
  })

  it('type-checks a supabase-js program and rejects a wrong column name', async () => {
    expect(types).not.toBe('')
    const diagnostics = await typecheckWithDatabase(types, {
      'good.ts': GOOD_PROGRAM,
      'wrong-column.ts': WRONG_COLUMN_PROGRAM,
    })
    expect(diagnostics['database.ts']).toEqual([])
    expect(diagnostics['good.ts']).toEqual([])
    const errors = diagnostics['wrong-column.ts'] ?? []
    expect(errors.length).toBeGreaterThanOrEqual(2)
    expect(errors.every((message) => message.includes('titel'))).toBe(true)
  })

  it('defaults to public and refuses unknown schemas', async () => {
    const defaulted = await f.owner.get<TypescriptTypesResponse>(`/v1/projects/${f.project.ref}/types/typescript`)
    expect(defaulted.status).toBe(200)
    expect(defaulted.body.types).not.toContain('  app: {')
    const unknown = await f.owner.get<{ message: string }>(
      `/v1/projects/${f.project.ref}/types/typescript?included_schemas=public,nope`,
    )
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Schema "nope" not found' } })
  })
})
