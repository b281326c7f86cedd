import { ASSISTANT_SCROLL_STICK_PX, ASSISTANT_TEXTS, PG_META_SYSTEM_SCHEMAS } from '@pgfleet/contracts'
import { ANALYTICS_EVENTS, DEBUG_PROMPT_MARKER } from './assistant.constants'

/** Properties a SQL block carries in its leading `-- name: value` comments. */
export type SqlBlockProperties = {
  title: string | null
  xAxis: string | null
  yAxis: string | null
  isChart: boolean
  runQuery: boolean
  name: string | null
}

const PROPERTY_NAMES = new Set(['title', 'xaxis', 'yaxis', 'ischart', 'runquery', 'name'])
const PROPERTY_LINE = /^\s*--\s*([A-Za-z]+)\s*:\s*(.*?)\s*$/

/**
 * Reads the block properties from the comments at the top of a SQL block, and answers the SQL without
 * them. Only the leading comment lines count: a `-- title:` further down is part of the query. Unknown
 * names and other comments stay in the SQL.
 */
export function parseSqlBlock(code: string): { properties: SqlBlockProperties; sql: string } {
  const properties: SqlBlockProperties = {
    title: null,
    xAxis: null,
    yAxis: null,
    isChart: false,
    runQuery: false,
    name: null,
  }
  const lines = code.replace(/\r\n/g, '\n').split('\n')
  const kept: string[] = []
  let inHeader = true
  for (const line of lines) {
    if (inHeader) {
      if (line.trim() === '') continue
      const match = PROPERTY_LINE.exec(line)
      const key = match?.[1]?.toLowerCase()
      if (match && key && PROPERTY_NAMES.has(key)) {
        const value = match[2] ?? ''
        if (key === 'title') properties.title = value || null
        else if (key === 'xaxis') properties.xAxis = value || null
        else if (key === 'yaxis') properties.yAxis = value || null
        else if (key === 'name') properties.name = value || null
        else if (key === 'ischart') properties.isChart = value.toLowerCase() === 'true'
        else if (key === 'runquery') properties.runQuery = value.toLowerCase() === 'true'
        continue
      }
      if (line.trim().startsWith('--')) {
        kept.push(line)
        continue
      }
      inHeader = false
    }
    kept.push(line)
  }
  return { properties, sql: kept.join('\n').trim() }
}

/**
 * The input's placeholder: a reply once the conversation has messages, an invitation to change things when
 * the panel has context (an open table or schema), else the plain opening line.
 */
export function choosePlaceholder({ hasMessages, hasContext }: { hasMessages: boolean; hasContext: boolean }) {
  if (hasMessages) return ASSISTANT_TEXTS.placeholderReply
  if (hasContext) return ASSISTANT_TEXTS.placeholderWithContext
  return ASSISTANT_TEXTS.placeholderEmpty
}

/** Whether the list is close enough to its end that new content should keep it scrolled to the bottom. */
export function isStuckToBottom(
  { scrollTop, scrollHeight, clientHeight }: { scrollTop: number; scrollHeight: number; clientHeight: number },
  thresholdPx = ASSISTANT_SCROLL_STICK_PX,
): boolean {
  return scrollHeight - scrollTop - clientHeight <= thresholdPx
}

/** The analytics event a sent message records: a debug request is counted on its own. */
export function sendEventName(text: string): string {
  return text.includes(DEBUG_PROMPT_MARKER) ? ANALYTICS_EVENTS.debugMessageSent : ANALYTICS_EVENTS.messageSent
}

/** Why the input is disabled, or null when the user may type. */
export function inputBlocker(status: { hasKey: boolean; disabled: boolean } | undefined): string | null {
  if (!status) return null
  if (status.disabled) return ASSISTANT_TEXTS.disabled
  if (!status.hasKey) return ASSISTANT_TEXTS.noKey
  return null
}

/**
 * The message of a failed chat request. The chat transport throws the answer's body as text; the platform
 * answers `{ message }` as JSON, so that is read when it is there.
 */
export function readAssistantError(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const text = raw.trim()
  if (text.startsWith('{')) {
    try {
      const body = JSON.parse(text) as { message?: unknown }
      if (typeof body.message === 'string' && body.message) return body.message
    } catch {
      // not JSON after all: the text is the message
    }
  }
  return text || 'Unknown error'
}

const SYSTEM_SCHEMAS: ReadonlySet<string> = new Set(PG_META_SYSTEM_SCHEMAS)

/** The schemas whose metadata may be shared: the platform's and Postgres's own left out, sorted by name. */
export function shareableSchemas(names: readonly string[]): string[] {
  return [...new Set(names)]
    .filter((name) => !SYSTEM_SCHEMAS.has(name) && !name.startsWith('pg_temp') && !name.startsWith('pg_toast'))
    .sort((a, b) => a.localeCompare(b))
}

/** The chosen schema list with one schema turned on or off, kept sorted. */
export function toggleSchema(selected: readonly string[], name: string, on: boolean): string[] {
  const rest = selected.filter((schema) => schema !== name)
  return (on ? [...rest, name] : rest).sort((a, b) => a.localeCompare(b))
}

const FUNCTION_PROPERTY_LINE = /^\s*\/\/\s*(name|title)\s*:\s*(.*?)\s*$/i

/**
 * An edge function written as a fenced TypeScript block: it is one when its leading `// name: slug` comment
 * names it (a `// title:` may go with it). Answers null for any other code.
 */
export function parseFunctionBlock(code: string): { name: string; title: string | null; code: string } | null {
  const lines = code.replace(/\r\n/g, '\n').split('\n')
  let name: string | null = null
  let title: string | null = null
  let index = 0
  for (; index < lines.length; index++) {
    const line = lines[index] ?? ''
    if (line.trim() === '') continue
    const match = FUNCTION_PROPERTY_LINE.exec(line)
    if (!match) break
    if (match[1]?.toLowerCase() === 'name') name = match[2] || null
    else title = match[2] || null
  }
  if (!name) return null
  return { name, title, code: lines.slice(index).join('\n').trim() }
}
