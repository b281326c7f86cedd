/** pino's numeric levels; only warn and above are named in a compact line (info is the ordinary case). */
const LEVEL_NAMES: Record<number, string> = { 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }

/** Keys every record has, or that the compact line shows in its own place. */
const HIDDEN_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'component'])

/**
 * One pino JSON record as a line a person reads in a terminal, in the shape the platform printed before it had a
 * logger: `[jobs] 2 job(s) interrupted…`, with the structured fields after the message as `key=value`.
 * Fastify's request records (`req`, `res`, `responseTime`) are shortened to the method, URL, status and time.
 */
export function compactLine(json: string): string {
  let record: Record<string, unknown>
  try {
    record = JSON.parse(json) as Record<string, unknown>
  } catch {
    // not a record pino wrote (never expected): show it as it came rather than lose it
    return json.trimEnd()
  }
  const parts: string[] = [`[${typeof record.component === 'string' ? record.component : 'pgfleet'}]`]
  const level = typeof record.level === 'number' ? LEVEL_NAMES[record.level] : undefined
  if (level) parts.push(level)
  if (typeof record.msg === 'string') parts.push(record.msg)
  for (const [key, value] of Object.entries(record)) {
    if (HIDDEN_KEYS.has(key) || value === undefined) continue
    parts.push(field(key, value))
  }
  return parts.join(' ')
}

function field(key: string, value: unknown): string {
  if (key === 'req' && isObject(value)) return `${String(value.method)} ${String(value.url)}`
  if (key === 'res' && isObject(value)) return `status=${String(value.statusCode)}`
  if (key === 'responseTime' && typeof value === 'number') return `${value.toFixed(1)}ms`
  // a serialized Error: its message says what failed; the stack is in the JSON format
  if ((key === 'error' || key === 'err') && isObject(value) && typeof value.message === 'string') {
    return `${key}=${quoted(value.message)}`
  }
  return `${key}=${typeof value === 'string' ? quoted(value) : JSON.stringify(value)}`
}

function quoted(text: string): string {
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
