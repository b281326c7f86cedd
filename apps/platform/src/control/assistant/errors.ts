import { APICallError } from 'ai'
import { HttpError } from '../../errors'

/**
 * A model call's failure in words for the dashboard's toast: what the model server said (its status and message)
 * or that it could not be reached, never a stack.
 */
export function modelErrorMessage(error: unknown, where: string | null): string {
  if (error instanceof HttpError) return error.message
  if (APICallError.isInstance(error)) {
    if (error.statusCode === 401 || error.statusCode === 403) {
      return `The model server refused the API key (${error.statusCode}). Check the key in the organization's AI settings or the platform's configuration.`
    }
    if (error.statusCode === 429) return 'The model server is rate limiting requests. Try again in a minute.'
    const said = modelServerMessage(error.responseBody) ?? error.message
    if (error.statusCode) return `The model server answered ${error.statusCode}: ${said}`
    return `The model server at ${where ?? 'the configured address'} cannot be reached: ${said}`
  }
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause
  if (cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND') {
    return `The model server at ${where ?? 'the configured address'} cannot be reached (${cause.code})`
  }
  if (error instanceof Error && error.name === 'AbortError') return 'The request to the model was cancelled'
  return error instanceof Error ? `The assistant failed: ${error.message}` : 'The assistant failed'
}

/** The `error.message` of an OpenAI-style (or Anthropic) error body, when there is one. */
function modelServerMessage(body: string | undefined): string | undefined {
  if (!body) return undefined
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown }
    if (typeof parsed.error === 'string') return parsed.error
    if (typeof parsed.error?.message === 'string') return parsed.error.message
    if (typeof parsed.message === 'string') return parsed.message
  } catch {
    // not JSON
  }
  // a text body is not repeated: the address may be any server, and its answer is not for the browser
  return undefined
}
