import { describe, expect, it } from 'vitest'
import { parseCondition, parseList, parseLogicTree } from './filter-parser'
import { effectiveRange, negotiate, parsePrefer, parseRangeHeader } from './headers'
import { parseColumnList, parseOrder, parseQueryParams } from './query-params'
import { parseSelect } from './select-parser'

const field = (name: string) => ({ name, json: [] })

describe('select grammar', () => {
  it('parses columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,title:name,price::text,color:meta->>color,w:meta->size->0::int')).toEqual([
      { kind: 'column', field: field('id'), alias: null, cast: null },
      { kind: 'column', field: field('name'), alias: 'title', cast: null },
      { kind: 'column', field: field('price'), alias: null, cast: 'text' },
      { kind: 'column', field: { name: 'meta', json: [{ arrow: '->>', key: 'color' }] }, alias: 'color', cast: null },
      {
        kind: 'column',
        field: {
          name: 'meta',
          json: [
            { arrow: '->', key: 'size' },
            { arrow: '->', key: '0' },
          ],
        },
        alias: 'w',
        cast: 'int',
      },
    ])
  })

  it('parses embeddings with aliases, hints, join types, spreads and nesting', () => {
    expect(
      parseSelect('*,author:authors!items_author_id_fkey!inner(name),comments(body,authors(*)),...labels(label)'),
    ).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'authors',
        alias: 'author',
        hint: 'items_author_id_fkey',
        join: 'inner',
        spread: false,
        select: [{ kind: 'column', field: field('name'), alias: null, cast: null }],
      },
      {
        kind: 'embed',
        name: 'comments',
        alias: null,
        hint: null,
        join: null,
        spread: false,
        select: [
          { kind: 'column', field: field('body'), alias: null, cast: null },
          {
            kind: 'embed',
            name: 'authors',
            alias: null,
            hint: null,
            join: null,
            spread: false,
            select: [{ kind: 'star' }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'labels',
        alias: null,
        hint: null,
        join: null,
        spread: true,
        select: [{ kind: 'column', field: field('label'), alias: null, cast: null }],
      },
    ])
    expect(parseSelect('authors!left()')).toMatchObject([{ kind: 'embed', join: 'left', select: [] }])
  })

  it('reads double-quoted names with any characters', () => {
    expect(parseSelect('"first, name":"a\\"b"')).toEqual([
      { kind: 'column', field: field('a"b'), alias: 'first, name', cast: null },
    ])
    expect(parseSelect('"x\\"y"')).toEqual([{ kind: 'column', field: field('x"y'), alias: null, cast: null }])
    expect(parseSelect('')).toEqual([{ kind: 'star' }])
  })

  it('rejects malformed selects with PGRST100', () => {
    for (const bad of [
      'id,(',
      'authors(name',
      'id)',
      'price::text;drop table x',
      'a::',
      '"open',
      'x!a!b!c(id)',
      'id,,name',
    ]) {
      expect(() => parseSelect(bad), bad).toThrow(expect.objectContaining({ code: 'PGRST100', status: 400 }))
    }
    expect(() => parseSelect('price.sum()')).toThrow(expect.objectContaining({ code: 'PGRST123' }))
  })
})

describe('filter grammar', () => {
  it('parses operators, negation, quantifiers and text search configurations', () => {
    expect(parseCondition(field('a'), 'eq.1', false)).toMatchObject({ op: 'eq', negate: false, value: '1' })
    expect(parseCondition(field('a'), 'not.gte.2.5', false)).toMatchObject({ op: 'gte', negate: true, value: '2.5' })
    expect(parseCondition(field('a'), 'like.*an*', false)).toMatchObject({ op: 'like', value: '%an%' })
    expect(parseCondition(field('a'), 'eq(any).{1,2}', false)).toMatchObject({
      op: 'eq',
      quantifier: 'any',
      value: '{1,2}',
    })
    expect(parseCondition(field('a'), 'wfts(english).fat -cat', false)).toMatchObject({
      op: 'wfts',
      language: 'english',
    })
    expect(parseCondition(field('a'), 'is.NULL', false)).toMatchObject({ op: 'is', value: 'null' })
    expect(parseCondition(field('a'), 'eq.a.b@c.d', false)).toMatchObject({ value: 'a.b@c.d' })
    expect(parseCondition(field('a'), 'in.(1,"a,b",\\x)', false)).toMatchObject({
      op: 'in',
      value: ['1', 'a,b', '\\x'],
    })
  })

  it('parses lists, including quoted items and the empty list', () => {
    expect(parseList('(a,"b,c","d\\"e",)')).toEqual(['a', 'b,c', 'd"e', ''])
    expect(parseList('()')).toEqual([])
    expect(() => parseList('1,2')).toThrow(expect.objectContaining({ code: 'PGRST100' }))
  })

  it('parses nested logic trees with JSON paths and quoted values', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(id.eq.1,and(meta->>c.eq."x,y",not.or(a.is.null,b.in.(1,2))),name.not.like.*z)',
    )
    expect(tree).toMatchObject({
      kind: 'logic',
      op: 'or',
      children: [
        { kind: 'condition', field: field('id'), op: 'eq', value: '1' },
        {
          kind: 'logic',
          op: 'and',
          children: [
            { field: { name: 'meta', json: [{ arrow: '->>', key: 'c' }] }, value: 'x,y' },
            { kind: 'logic', op: 'or', negate: true, children: [{ op: 'is' }, { op: 'in', value: ['1', '2'] }] },
          ],
        },
        { field: field('name'), negate: true, op: 'like', value: '%z' },
      ],
    })
  })

  it('rejects unknown operators, bad modifiers and broken trees', () => {
    for (const bad of ['nope.1', 'eq', 'is.maybe', 'eq(some).1', 'fts(eng;lish).x', 'cs(any).{1}']) {
      expect(() => parseCondition(field('a'), bad, false), bad).toThrow(expect.objectContaining({ code: 'PGRST100' }))
    }
    for (const bad of ['id.eq.1', '(id.eq.1', '()', '(id.eq.1,x)', '(id.eq.1));drop table x;--(']) {
      expect(() => parseLogicTree('or', false, bad), bad).toThrow(expect.objectContaining({ code: 'PGRST100' }))
    }
  })
})

describe('query parameters', () => {
  it('splits select, filters, logic, order and paging by embed path', () => {
    const params = parseQueryParams(
      'select=id,comments(id)&id=gt.1&comments.body=like.x*&or=(a.eq.1,b.eq.2)&comments.not.and=(id.gt.1,id.lt.9)' +
        '&order=id.desc.nullslast&comments.order=id&comments.limit=2&offset=5&limit=10&apikey=secret&columns="a","b"',
    )
    expect(params.select).toHaveLength(2)
    expect(params.columns).toEqual(['a', 'b'])
    const root = params.byPath.get('')
    expect(root?.filters.map((f) => f.kind)).toEqual(['condition', 'logic'])
    expect(root?.order).toEqual([{ relation: null, field: field('id'), direction: 'desc', nulls: 'last' }])
    expect(root).toMatchObject({ limit: 10, offset: 5 })
    const comments = params.byPath.get('comments')
    expect(comments?.filters).toMatchObject([
      { op: 'like', value: 'x%' },
      { kind: 'logic', op: 'and', negate: true },
    ])
    expect(comments).toMatchObject({ limit: 2, order: [{ field: field('id') }] })
    expect(params.byPath.has('apikey')).toBe(false)
  })

  it('keeps RPC arguments apart from filters', () => {
    const params = parseQueryParams('a=1&b=2&result=gt.3', new Set(['a', 'b']))
    expect(params.rest).toEqual([
      ['a', '1'],
      ['b', '2'],
    ])
    expect(params.byPath.get('')?.filters).toHaveLength(1)
  })

  it('parses order terms on JSON paths and to-one embeddings', () => {
    expect(parseOrder('meta->>c.asc,author(name).desc.nullsfirst,"a.b"')).toEqual([
      { relation: null, field: { name: 'meta', json: [{ arrow: '->>', key: 'c' }] }, direction: 'asc', nulls: null },
      { relation: 'author', field: field('name'), direction: 'desc', nulls: 'first' },
      { relation: null, field: field('a.b'), direction: null, nulls: null },
    ])
    expect(() => parseOrder('id.sideways')).toThrow(expect.objectContaining({ code: 'PGRST100' }))
    expect(() => parseQueryParams('limit=1;drop')).toThrow(expect.objectContaining({ code: 'PGRST100' }))
    expect(parseColumnList('"x,y",z', 'columns')).toEqual(['x,y', 'z'])
  })
})

describe('headers', () => {
  it('parses Prefer from one or several headers', () => {
    const prefs = parsePrefer([
      'return=representation, count=exact',
      'resolution=merge-duplicates,missing=default, tx=rollback',
    ])
    expect(prefs).toMatchObject({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      tx: 'rollback',
    })
    expect(parsePrefer('count=sometimes, whatever').count).toBeNull()
    expect(() => parsePrefer('handling=strict, count=sometimes')).toThrow(expect.objectContaining({ code: 'PGRST122' }))
    expect(parsePrefer('handling=strict, max-affected=5').maxAffected).toBe(5)
  })

  it('combines Range with limit and offset', () => {
    expect(parseRangeHeader('0-9')).toEqual({ from: 0, to: 9 })
    expect(parseRangeHeader('items=5-')).toEqual({ from: 5, to: null })
    expect(() => parseRangeHeader('9-1')).toThrow(expect.objectContaining({ status: 416 }))
    expect(effectiveRange(10, 5, null)).toEqual({ limit: 10, offset: 5 })
    expect(effectiveRange(null, null, { from: 2, to: 3 })).toEqual({ limit: 2, offset: 2 })
    expect(effectiveRange(10, 0, { from: 5, to: 100 })).toEqual({ limit: 5, offset: 5 })
    expect(effectiveRange(null, null, null)).toEqual({ limit: null, offset: 0 })
  })

  it('negotiates the media type', () => {
    expect(negotiate(undefined, false)).toEqual({ media: 'json', stripNulls: false })
    expect(negotiate('application/vnd.pgrst.object+json;nulls=stripped', false)).toEqual({
      media: 'object',
      stripNulls: true,
    })
    expect(negotiate('text/html;q=0.9, text/csv', false).media).toBe('csv')
    expect(negotiate('*/*', true).media).toBe('openapi')
    expect(() => negotiate('text/html', false)).toThrow(expect.objectContaining({ code: 'PGRST107', status: 406 }))
  })
})
