import { parse } from 'fast-content-type-parse'

/**
 * The media type (`type/subtype`, lower case) of a Content-Type value parsed by the HTTP grammar, or null when the
 * value is not one. 'image/png; x=1, text/html' is null: a list of types is no type, and taking its first part
 * would let HTML pass where only images may go.
 */
export function parseMediaType(value: string | undefined | null): string | null {
  if (!value) return null
  try {
    return parse(value).type
  } catch {
    return null
  }
}
