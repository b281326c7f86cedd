import { describe, expect, it } from 'vitest'
import type { RestDescription } from '../../../data/config/rest-description-query'
import { ANON_KEY_PLACEHOLDER, type ApiDocsFlag } from './api-docs.constants'
import {
  argumentBadge,
  connectSnippets,
  edgeFunctionUrl,
  entitiesOf,
  entityColumns,
  entitySnippets,
  functionArguments,
  functionSnippets,
  functionsOf,
  jsIdentifier,
  storageSnippets,
  visibleSections,
} from './api-docs.utils'

const description: RestDescription = {
  definitions: {
    todos: {
      properties: {
        id: { format: 'bigint', type: 'integer', description: 'Note:\nThis is a Primary Key.<pk/>' },
        title: { format: 'text', type: 'string' },
      },
      required: ['id', 'title'],
    },
    active_todos: { properties: { id: { format: 'bigint', type: 'integer' } } },
  },
  paths: {
    '/': {},
    '/todos': {},
    '/rpc/zeta': { post: { parameters: [] } },
    '/rpc/add': {
      post: {
        parameters: [
          {
            in: 'body',
            name: 'args',
            required: true,
            schema: {
              required: ['a'],
              properties: { a: { format: 'integer', type: 'integer' }, b: { format: 'integer', type: 'integer' } },
            },
          },
          { name: 'Prefer', in: 'header' },
        ],
      },
    },
  },
}

describe('api docs sections', () => {
  it('shows every section when all flags are on', () => {
    expect(visibleSections(() => true).map((s) => s.label)).toEqual([
      'Connect',
      'User Management',
      'Tables & Views',
      'Stored Procedures',
      'Storage',
      'Edge Functions',
      'Realtime',
    ])
  })

  it('hides the sections whose flag is off', () => {
    const off = new Set<ApiDocsFlag>(['project_auth', 'project_storage', 'project_edge_function', 'realtime'])
    expect(visibleSections((flag) => !off.has(flag)).map((s) => s.id)).toEqual(['connect', 'entities', 'functions'])
    expect(visibleSections((flag) => flag !== 'realtime').map((s) => s.id)).not.toContain('realtime')
  })
})

describe('api description parsing', () => {
  it('lists tables and views sorted by name with their columns', () => {
    expect(entitiesOf(description)).toEqual(['active_todos', 'todos'])
    expect(entityColumns(description, 'todos')).toEqual([
      {
        name: 'id',
        format: 'bigint',
        type: 'integer',
        description: 'Note:\nThis is a Primary Key.<pk/>',
        required: true,
      },
      { name: 'title', format: 'text', type: 'string', description: '', required: true },
    ])
    expect(entityColumns(description, 'missing')).toEqual([])
  })

  it('lists only /rpc paths, sorted by name', () => {
    expect(functionsOf(description)).toEqual(['add', 'zeta'])
    expect(functionsOf(undefined)).toEqual([])
  })

  it('marks arguments without a default Required and the others Optional', () => {
    const args = functionArguments(description, 'add')
    expect(args.map((arg) => [arg.name, argumentBadge(arg)])).toEqual([
      ['a', 'Required'],
      ['b', 'Optional'],
    ])
    expect(functionArguments(description, 'zeta')).toEqual([])
  })
})

describe('snippets', () => {
  const context = { url: 'http://localhost:8080/p/abcdefghijklmnopqrst', anonKey: 'eyJ.anon' }

  it('uses the project URL and key in Javascript and Bash', () => {
    expect(connectSnippets('js', context)[0]?.code).toContain(
      "const supabaseUrl = 'http://localhost:8080/p/abcdefghijklmnopqrst'",
    )
    expect(connectSnippets('js', context)[0]?.code).toContain("'eyJ.anon'")
    expect(connectSnippets('js', { ...context, anonKey: ANON_KEY_PLACEHOLDER })[0]?.code).toContain(
      'process.env.SUPABASE_KEY',
    )
    const bash = entitySnippets('bash', context, 'todos', ['id', 'title'])
    expect(bash[0]?.code).toBe(
      `curl 'http://localhost:8080/p/abcdefghijklmnopqrst/rest/v1/todos?select=*' \\\n-H "apikey: eyJ.anon" \\\n-H "Authorization: Bearer eyJ.anon"`,
    )
    expect(entitySnippets('js', context, 'todos', ['id'])[0]?.code).toContain(".from('todos')")
  })

  it('calls functions through /rpc', () => {
    expect(functionSnippets('js', context, 'add', [{ name: 'a' }])[0]?.code).toContain(".rpc('add', {\n    a: 'value'")
    expect(functionSnippets('bash', context, 'add', [{ name: 'a' }])[0]?.code).toContain('/rest/v1/rpc/add')
  })

  it('uses the storage constants in storage examples', () => {
    const code = storageSnippets('js', context)
      .map((s) => s.code)
      .join('\n')
    expect(code).toContain('limit: 100')
    expect(code).toContain(', 60)')
  })

  it('builds the edge function URL shape from the project URL', () => {
    expect(edgeFunctionUrl('https://abc.example.com', 'hello')).toBe('https://abc.example.com/functions/v1/hello')
    expect(edgeFunctionUrl('http://localhost:8080/p/abc', 'hello')).toBe(
      'http://localhost:8080/p/abc/functions/v1/hello',
    )
  })

  it('makes table names valid identifiers', () => {
    expect(jsIdentifier('my-table')).toBe('my_table')
    expect(jsIdentifier('1st')).toBe('_1st')
  })
})
