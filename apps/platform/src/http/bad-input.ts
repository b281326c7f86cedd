import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../errors'

/**
 * NUL characters and invalid UTF-8 never reach a handler: Postgres refuses both in text, and a handler that passes
 * one on would answer 500. The URL (path and query) is checked for every route; JSON and text bodies where they
 * are parsed. Binary bodies (storage uploads, function calls) are streamed as they are.
 */
export const BAD_URL_MESSAGE = 'The request URL contains a NUL character or invalid UTF-8'
export const BAD_BODY_MESSAGE = 'The request body contains a NUL character or invalid UTF-8'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Decodes UTF-8, or null when the bytes are not UTF-8 or hold a NUL. */
export function cleanText(bytes: Uint8Array): string | null {
  try {
    const text = utf8.decode(bytes)
    return text.includes('\0') ? null : text
  } catch {
    return null
  }
}

/**
 * Whether the URL, once its %XX escapes are decoded, is UTF-8 without NUL. A '%' that starts no escape is taken
 * as itself (clients send it unencoded), as the routes' own decoding does.
 */
export function isCleanUrl(rawUrl: string): boolean {
  if (!rawUrl.includes('%')) return !rawUrl.includes('\0')
  const bytes: number[] = []
  for (let i = 0; i < rawUrl.length; i++) {
    const char = rawUrl[i] as string
    const hex = char === '%' ? rawUrl.slice(i + 1, i + 3) : ''
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(char, 'utf8'))
    }
  }
  return cleanText(Uint8Array.from(bytes)) !== null
}

/** A JSON text holds a NUL only as the escape \u0000 (raw control characters are invalid JSON). */
const JSON_NUL_ESCAPE = /(^|[^\\])(\\\\)*\\u0000/i

export function jsonHasNul(text: string): boolean {
  return JSON_NUL_ESCAPE.test(text)
}

/** The body as clean text, for parsers that keep it as a string (the data API's). */
export function cleanBodyText(body: Buffer, isJson: boolean): string {
  const text = cleanText(body)
  if (text === null || (isJson && jsonHasNul(text))) throw new HttpError(400, BAD_BODY_MESSAGE)
  return text
}

const PROJECT_API = /^(\/p\/[^/?]+)?\/(rest|storage)\/v1(\/|\?|$)/

/** The 400 answer to a URL with NUL or invalid UTF-8: the data API's and Storage's clients read their own shapes. */
export function badUrlAnswer(url: string): Record<string, unknown> {
  const api = PROJECT_API.exec(url)?.[2]
  if (api === 'rest') return { code: 'PGRST100', message: BAD_URL_MESSAGE, details: null, hint: null }
  if (api === 'storage') return { statusCode: '400', error: 'InvalidKey', message: BAD_URL_MESSAGE }
  return { message: BAD_URL_MESSAGE }
}

const isJsonRequest = (request: FastifyRequest) => /json/i.test(request.headers['content-type'] ?? '')

/** The URL check for every request, and JSON and text parsers that refuse NUL and invalid UTF-8. */
export function installBadInputGuards(app: FastifyInstance): void {
  // callback style: a promise per request for a synchronous check is measurable on a busy data API
  app.addHook('onRequest', (request, reply, done) => {
    if (isCleanUrl(request.url)) return done()
    reply.status(400).send(badUrlAnswer(request.url))
  })
  // Fastify's own JSON parsing (with its prototype-poisoning checks) runs once the text is known to be clean
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string
    try {
      text = cleanBodyText(body, true)
    } catch (error) {
      return done(error as Error, undefined)
    }
    parseJson(request, text, done)
  })
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    try {
      done(null, cleanBodyText(body, isJsonRequest(request)))
    } catch (error) {
      done(error as Error, undefined)
    }
  })
}
