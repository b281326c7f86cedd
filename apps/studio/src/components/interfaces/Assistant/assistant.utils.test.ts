import { ASSISTANT_TEXTS } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { ANALYTICS_EVENTS } from './assistant.constants'
import {
  choosePlaceholder,
  inputBlocker,
  isStuckToBottom,
  parseFunctionBlock,
  parseSqlBlock,
  readAssistantError,
  sendEventName,
  shareableSchemas,
  toggleSchema,
} from './assistant.utils'

describe('parseSqlBlock', () => {
  it('reads every property from the leading comments and leaves them out of the SQL', () => {
    const { properties, sql } = parseSqlBlock(
      '-- title: Signups per day\n-- xAxis: day\n-- yAxis: signups\n-- isChart: true\n-- runQuery: true\nselect day, count(*) as signups from users group by day',
    )
    expect(properties).toEqual({
      title: 'Signups per day',
      xAxis: 'day',
      yAxis: 'signups',
      isChart: true,
      runQuery: true,
      name: null,
    })
    expect(sql).toBe('select day, count(*) as signups from users group by day')
  })

  it('has no properties and keeps the SQL as is when there are no comments', () => {
    const { properties, sql } = parseSqlBlock('select 1;\n')
    expect(properties).toEqual({ title: null, xAxis: null, yAxis: null, isChart: false, runQuery: false, name: null })
    expect(sql).toBe('select 1;')
  })

  it('accepts any case in names and boolean values, and reads the function name', () => {
    const { properties } = parseSqlBlock('--NAME: hello-world\n-- ISCHART: TRUE\n-- runquery: false\nselect 1')
    expect(properties.name).toBe('hello-world')
    expect(properties.isChart).toBe(true)
    expect(properties.runQuery).toBe(false)
  })

  it('keeps other comments and ignores property comments after the query begins', () => {
    const { properties, sql } = parseSqlBlock('-- title: A\n-- explains the join\nselect 1\n-- title: B')
    expect(properties.title).toBe('A')
    expect(sql).toBe('-- explains the join\nselect 1\n-- title: B')
  })

  it('treats an empty value as absent and a value with colons as whole', () => {
    const { properties } = parseSqlBlock('-- title:\n-- xAxis: created_at::date\nselect 1')
    expect(properties.title).toBeNull()
    expect(properties.xAxis).toBe('created_at::date')
  })
})

describe('choosePlaceholder', () => {
  it('invites a reply once there are messages', () => {
    expect(choosePlaceholder({ hasMessages: true, hasContext: true })).toBe(ASSISTANT_TEXTS.placeholderReply)
    expect(choosePlaceholder({ hasMessages: true, hasContext: false })).toBe('Reply to the assistant...')
  })
  it('invites a change when the panel has context, else the opening line', () => {
    expect(choosePlaceholder({ hasMessages: false, hasContext: true })).toBe('Ask a question or make a change...')
    expect(choosePlaceholder({ hasMessages: false, hasContext: false })).toBe('Chat to Postgres...')
  })
})

describe('isStuckToBottom', () => {
  it('sticks within 10 px of the bottom, not beyond', () => {
    expect(isStuckToBottom({ scrollTop: 490, scrollHeight: 1000, clientHeight: 500 })).toBe(true)
    expect(isStuckToBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 500 })).toBe(true)
    expect(isStuckToBottom({ scrollTop: 489, scrollHeight: 1000, clientHeight: 500 })).toBe(false)
  })
  it('sticks when the content is shorter than the list', () => {
    expect(isStuckToBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true)
  })
})

describe('sendEventName', () => {
  it('records the debug variant when the text asks for debugging help', () => {
    expect(sendEventName('Help me to debug this query: select 1')).toBe(ANALYTICS_EVENTS.debugMessageSent)
    expect(sendEventName('create a table')).toBe(ANALYTICS_EVENTS.messageSent)
  })
})

describe('inputBlocker', () => {
  it('says why the input is disabled', () => {
    expect(inputBlocker({ hasKey: false, disabled: false })).toBe('OpenAI API key not set')
    expect(inputBlocker({ hasKey: true, disabled: true })).toBe('Assistant has been temporarily disabled')
    expect(inputBlocker({ hasKey: true, disabled: false })).toBeNull()
    expect(inputBlocker(undefined)).toBeNull()
  })
})

describe('readAssistantError', () => {
  it('reads the message of a JSON error answer', () => {
    expect(readAssistantError(new Error('{"message":"Rate limited"}'))).toBe('Rate limited')
  })
  it('answers the text itself otherwise', () => {
    expect(readAssistantError(new Error('Failed to fetch'))).toBe('Failed to fetch')
    expect(readAssistantError(new Error('{broken'))).toBe('{broken')
    expect(readAssistantError(undefined)).toBe('Unknown error')
  })
})

describe('shareableSchemas', () => {
  it('leaves out system schemas and sorts by name', () => {
    expect(shareableSchemas(['public', 'pg_catalog', 'auth', '_pgfleet', 'information_schema', 'pg_temp_3'])).toEqual([
      'auth',
      'public',
    ])
  })
  it('toggles one schema and keeps the list sorted', () => {
    expect(toggleSchema(['public'], 'auth', true)).toEqual(['auth', 'public'])
    expect(toggleSchema(['auth', 'public'], 'auth', false)).toEqual(['public'])
  })
})

describe('parseFunctionBlock', () => {
  it('reads the name and title comments and keeps the code', () => {
    expect(parseFunctionBlock('// name: hello-world\n// title: Hello\nDeno.serve(() => new Response("hi"))')).toEqual({
      name: 'hello-world',
      title: 'Hello',
      code: 'Deno.serve(() => new Response("hi"))',
    })
  })
  it('is no function block without a name', () => {
    expect(parseFunctionBlock('const a = 1')).toBeNull()
    expect(parseFunctionBlock('// title: Only a title\nconst a = 1')).toBeNull()
  })
})
