export const DEFAULT_QUERY_ERROR_TITLE = 'Error running SQL query'

/**
 * The title of a failed query: the first non-blank line of its error message, or
 * 'Error running SQL query' when the message is empty or missing.
 */
export function firstErrorLine(message: string | null | undefined): string {
  const line = (message ?? '').split(/\r?\n/).find((text) => text.trim() !== '')
  return line?.trim() ?? DEFAULT_QUERY_ERROR_TITLE
}
