import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, restFetch, startRestTestProject } from './testing'

/** Reads through @supabase/supabase-js against a real project: select grammar, embedding, filters, paging. */
let p: RestTestProject
let db: SupabaseClient

export const FIXTURE_SQL = `
create table authors (id serial primary key, name text not null, country text);
create table items (
  id serial primary key, name text not null, price numeric(10,2), author_id int references authors(id),
  tags text[], meta jsonb, span int4range, body text,
  search tsvector generated always as (to_tsvector('english', coalesce(body, ''))) stored,
  created_at timestamptz not null default now()
);
create table comments (id serial primary key, item_id int not null references items(id), author_id int references authors(id), text text, rating int);
create table labels (id serial primary key, label text unique);
create table item_labels (item_id int references items(id), label_id int references labels(id), primary key (item_id, label_id));
insert into authors (name, country) values ('ann', 'NZ'), ('bob', 'US'), ('cyd', null);
insert into items (name, price, author_id, tags, meta, span, body) values
  ('apple', 1.50, 1, '{red,fruit}', '{"color":"red","size":{"w":3}}', '[1,5)', 'the quick brown fox'),
  ('banana', 0.25, 2, '{yellow,fruit}', '{"color":"yellow"}', '[5,10)', 'lazy dogs sleep all day'),
  ('carrot', 0.75, 1, '{orange,vegetable}', null, null, 'quick carrots jump'),
  ('date', null, null, null, '{"color":"brown"}', null, null);
insert into comments (item_id, author_id, text, rating) values (1, 2, 'great', 5), (1, 3, 'ok', 3), (2, 1, 'meh', 2);
insert into labels (label) values ('sale'), ('new');
insert into item_labels values (1, 1), (1, 2), (3, 2);
`

beforeAll(async () => {
  p = await startRestTestProject()
  await p.sql(FIXTURE_SQL)
  db = p.client()
})
afterAll(async () => {
  await p?.destroy()
})

describe('select', () => {
  it('reads columns, renames, casts and JSON paths', async () => {
    const { data, error } = await db
      .from('items')
      .select('id, title:name, price::text, color:meta->>color, width:meta->size->w')
      .order('id')
      .limit(2)
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, title: 'apple', price: '1.50', color: 'red', width: 3 },
      { id: 2, title: 'banana', price: '0.25', color: 'yellow', width: null },
    ])
  })

  it('embeds many-to-one, one-to-many, many-to-many and nested resources', async () => {
    const { data, error } = await db
      .from('items')
      .select('name, author:authors(name), comments(text, authors(name)), labels(label)')
      .in('id', [1, 4])
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        name: 'apple',
        author: { name: 'ann' },
        comments: [
          { text: 'great', authors: { name: 'bob' } },
          { text: 'ok', authors: { name: 'cyd' } },
        ],
        labels: [{ label: 'sale' }, { label: 'new' }],
      },
      { name: 'date', author: null, comments: [], labels: [] },
    ])
  })

  it('filters embedded rows, and parents too with !inner', async () => {
    const left = await db.from('items').select('name, comments(rating)').gte('comments.rating', 4).order('id')
    expect(left.data?.map((i) => [i.name, i.comments.length])).toEqual([
      ['apple', 1],
      ['banana', 0],
      ['carrot', 0],
      ['date', 0],
    ])
    const inner = await db.from('items').select('name, comments!inner(rating)').gte('comments.rating', 4)
    expect(inner.data).toEqual([{ name: 'apple', comments: [{ rating: 5 }] }])
    const withAuthor = await db
      .from('items')
      .select('name, authors!inner(country)')
      .eq('authors.country', 'NZ')
      .order('id')
    expect(withAuthor.data?.map((i) => i.name)).toEqual(['apple', 'carrot'])
    const orphans = await db.from('items').select('name, authors(name)').is('authors', null)
    expect(orphans.data?.map((i) => i.name)).toEqual(['date'])
  })

  it('orders, with nulls first or last, on embedded resources and by a to-one column', async () => {
    const nullsFirst = await db.from('items').select('name').order('price', { ascending: false, nullsFirst: true })
    expect(nullsFirst.data?.map((i) => i.name)).toEqual(['date', 'apple', 'carrot', 'banana'])
    const nullsLast = await db.from('items').select('name').order('price', { ascending: true, nullsFirst: false })
    expect(nullsLast.data?.map((i) => i.name)).toEqual(['banana', 'carrot', 'apple', 'date'])
    const embedded = await db
      .from('items')
      .select('name, comments(rating)')
      .eq('id', 1)
      .order('rating', { referencedTable: 'comments', ascending: true })
    expect(embedded.data?.[0]?.comments).toEqual([{ rating: 3 }, { rating: 5 }])
    const byAuthor = await db
      .from('items')
      .select('name, authors(name)')
      .not('author_id', 'is', null)
      .order('authors(name)', { ascending: false })
      .order('id')
    expect(byAuthor.data?.map((i) => i.name)).toEqual(['banana', 'apple', 'carrot'])
  })

  it('pages with limit, offset and range, and limits embedded rows', async () => {
    const page = await db.from('items').select('id').order('id').range(1, 2)
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }])
    const embedded = await db
      .from('items')
      .select('id, comments(id)')
      .eq('id', 1)
      .limit(1, { referencedTable: 'comments' })
    expect(embedded.data?.[0]?.comments).toHaveLength(1)
    const ranged = await restFetch(p, '/items?select=id&order=id', { headers: { Range: '2-3', 'Range-Unit': 'items' } })
    expect(ranged.json()).toEqual([{ id: 3 }, { id: 4 }])
    expect(ranged.headers.get('content-range')).toBe('2-3/*')
  })

  it('counts exactly, planned and estimated, with Content-Range', async () => {
    const exact = await db.from('items').select('*', { count: 'exact', head: true }).gt('id', 1)
    expect(exact).toMatchObject({ count: 3, error: null, data: null })
    const partial = await db.from('items').select('id', { count: 'exact' }).order('id').range(0, 1)
    expect(partial.status).toBe(206)
    expect(partial.count).toBe(4)
    const raw = await restFetch(p, '/items?select=id&limit=2', { headers: { Prefer: 'count=exact' } })
    expect(raw.headers.get('content-range')).toBe('0-1/4')
    const planned = await db.from('items').select('id', { count: 'planned', head: true })
    expect(planned.count).toBeGreaterThanOrEqual(0)
    const estimated = await db.from('items').select('id', { count: 'estimated', head: true })
    expect(estimated.count).toBe(4)
    const beyond = await restFetch(p, '/items?offset=10', { headers: { Prefer: 'count=exact' } })
    expect(beyond.status).toBe(416)
    expect(beyond.json()).toMatchObject({ code: 'PGRST103' })
  })

  it('answers single and maybeSingle with PostgREST semantics', async () => {
    const one = await db.from('items').select('name').eq('id', 2).single()
    expect(one.data).toEqual({ name: 'banana' })
    const many = await db.from('items').select('name').single()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
    })
    const none = await db.from('items').select('name').eq('id', 999).maybeSingle()
    expect(none).toMatchObject({ data: null, error: null })
    const zero = await restFetch(p, '/items?id=eq.999', { headers: { Accept: 'application/vnd.pgrst.object+json' } })
    expect(zero.status).toBe(406)
    expect(zero.json()).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
  })

  it('answers CSV', async () => {
    const { data, error } = await db.from('authors').select('id, name, country').order('id').csv()
    expect(error).toBeNull()
    expect(data).toBe('id,name,country\n1,ann,NZ\n2,bob,US\n3,cyd,')
  })
})

describe('filters', () => {
  const names = async (query: PromiseLike<{ data: { name: string }[] | null; error: unknown }>) => {
    const { data, error } = await query
    expect(error).toBeNull()
    return (data ?? []).map((row) => row.name).sort()
  }
  const items = () => db.from('items').select('name')

  it('compares', async () => {
    expect(await names(items().eq('name', 'apple'))).toEqual(['apple'])
    expect(await names(items().neq('name', 'apple'))).toEqual(['banana', 'carrot', 'date'])
    expect(await names(items().gt('price', 0.5))).toEqual(['apple', 'carrot'])
    expect(await names(items().gte('price', 0.75))).toEqual(['apple', 'carrot'])
    expect(await names(items().lt('price', 0.75))).toEqual(['banana'])
    expect(await names(items().lte('price', 0.75))).toEqual(['banana', 'carrot'])
    expect(await names(items().like('name', '%an%'))).toEqual(['banana'])
    expect(await names(items().ilike('name', 'A%'))).toEqual(['apple'])
    expect(await names(items().is('price', null))).toEqual(['date'])
    expect(await names(items().in('name', ['apple', 'date', 'x,y']))).toEqual(['apple', 'date'])
    expect(await names(items().eq('meta->>color', 'brown'))).toEqual(['date'])
  })

  it('matches arrays, ranges and JSON containment', async () => {
    expect(await names(items().contains('tags', ['fruit']))).toEqual(['apple', 'banana'])
    expect(await names(items().containedBy('tags', ['red', 'fruit', 'yellow']))).toEqual(['apple', 'banana'])
    expect(await names(items().overlaps('tags', ['vegetable', 'red']))).toEqual(['apple', 'carrot'])
    expect(await names(items().contains('meta', { color: 'red' }))).toEqual(['apple'])
    expect(await names(items().overlaps('span', '[4,6)'))).toEqual(['apple', 'banana'])
    expect(await names(items().rangeGte('span', '[5,6)'))).toEqual(['banana'])
  })

  it('searches text', async () => {
    expect(await names(items().textSearch('search', 'quick & fox'))).toEqual(['apple'])
    expect(await names(items().textSearch('search', 'quick carrots', { type: 'plain' }))).toEqual(['carrot'])
    expect(await names(items().textSearch('search', 'lazy dogs', { type: 'phrase', config: 'english' }))).toEqual([
      'banana',
    ])
    expect(await names(items().textSearch('body', 'quick -fox', { type: 'websearch', config: 'english' }))).toEqual([
      'carrot',
    ])
  })

  it('negates and combines with or/and, nested', async () => {
    expect(await names(items().not('name', 'in', '(apple,banana)'))).toEqual(['carrot', 'date'])
    expect(await names(items().not('price', 'is', null).not('name', 'like', 'b%'))).toEqual(['apple', 'carrot'])
    expect(await names(items().or('name.eq.apple,price.lt.0.5'))).toEqual(['apple', 'banana'])
    expect(await names(items().or('name.eq.date,and(price.gt.0.5,price.lt.1)'))).toEqual(['carrot', 'date'])
    expect(await names(items().or('and(tags.cs.{fruit},name.not.eq.apple),name.eq."date"'))).toEqual(['banana', 'date'])
    expect(await names(items().or('meta->>color.eq.red,meta->>color.eq.brown'))).toEqual(['apple', 'date'])
    const embedded = await db.from('items').select('name, comments(text)').eq('id', 1).or('rating.eq.5,text.eq.none', {
      referencedTable: 'comments',
    })
    expect(embedded.data?.[0]?.comments).toEqual([{ text: 'great' }])
  })

  it('rejects malformed filters with 400 and PostgREST codes', async () => {
    const badOperator = await restFetch(p, '/items?id=nope.1')
    expect(badOperator.status).toBe(400)
    expect(badOperator.json()).toMatchObject({ code: 'PGRST100' })
    const badColumn = await db.from('items').select('id').eq('missing', 1)
    expect(badColumn.status).toBe(400)
    expect(badColumn.error).toMatchObject({ code: '42703', message: 'column items.missing does not exist' })
    const badValue = await db.from('items').select('id').eq('id', 'abc')
    expect(badValue.status).toBe(400)
    expect(badValue.error?.code).toBe('22P02')
    const badTree = await restFetch(p, '/items?or=(id.eq.1')
    expect(badTree.status).toBe(400)
  })

  it('keeps answering a query shape after bad input (its prepared statement survives)', async () => {
    for (let i = 0; i < 12; i++) {
      const value = i % 3 === 0 ? 'abc' : String(1 + (i % 4))
      const { status } = await db.from('items').select('name').eq('id', value)
      expect(status, `round ${i} with ${value}`).toBe(value === 'abc' ? 400 : 200)
    }
  })
})

describe('schema', () => {
  it('answers 404 PGRST205 for unknown tables', async () => {
    const { error, status } = await db.from('nothing_here').select()
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.nothing_here' in the schema cache",
    })
  })

  it('picks up DDL without a restart', async () => {
    await p.sql('create table gadgets (id int primary key, label text)')
    await p.sql("insert into gadgets values (1, 'one')")
    expect((await db.from('gadgets').select('*')).data).toEqual([{ id: 1, label: 'one' }])
    await p.sql('alter table gadgets add column weight int default 7')
    expect((await db.from('gadgets').select('label, weight')).data).toEqual([{ label: 'one', weight: 7 }])
    await p.sql('alter table gadgets rename to widgets')
    expect((await db.from('gadgets').select('*')).status).toBe(404)
    expect((await db.from('widgets').select('id')).data).toEqual([{ id: 1 }])
  })

  it('describes itself with OpenAPI at the root', async () => {
    const root = await restFetch(p, '/')
    expect(root.status).toBe(200)
    const doc = root.json() as {
      swagger: string
      definitions: Record<
        string,
        { required?: string[]; properties: Record<string, { format: string; type?: string; description?: string }> }
      >
      paths: Record<string, unknown>
    }
    expect(doc.swagger).toBe('2.0')
    expect(doc.definitions.items?.required).toEqual(['name'])
    expect(doc.definitions.items?.properties.id).toMatchObject({ format: 'integer', type: 'integer' })
    expect(doc.definitions.items?.properties.id?.description).toContain('Primary Key')
    expect(doc.definitions.items?.properties.tags).toMatchObject({ format: 'text[]', type: 'array' })
    expect(doc.definitions.items?.properties.author_id?.description).toContain('Foreign Key to `authors.id`')
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/', '/items', '/authors']))
  })
})
