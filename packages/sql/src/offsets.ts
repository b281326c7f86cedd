/**
 * The parser reports positions in two units that differ from JavaScript string indexes:
 * - node and statement locations and scanner tokens are UTF-8 byte offsets;
 * - syntax error positions are counted in code points.
 * A JavaScript string is indexed in UTF-16 code units. This maps both back, so that every
 * position this package returns can be used with `sql.slice(start, end)`.
 */
export interface OffsetMap {
  /** UTF-16 index of the character that starts at this UTF-8 byte offset. */
  fromByte(byteOffset: number): number
  /** UTF-16 index of the character with this code point index. */
  fromCodePoint(codePointIndex: number): number
}

const IDENTITY: OffsetMap = {
  fromByte: (offset) => offset,
  fromCodePoint: (index) => index,
}

const utf8Length = (codePoint: number): number => {
  if (codePoint < 0x80) return 1
  if (codePoint < 0x800) return 2
  if (codePoint < 0x10000) return 3
  return 4
}

export function offsetMap(text: string): OffsetMap {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the ASCII range is the point
  if (/^[\x00-\x7f]*$/.test(text)) return IDENTITY

  const byteToIndex: number[] = []
  const codePointToIndex: number[] = []
  let index = 0
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0
    codePointToIndex.push(index)
    const bytes = utf8Length(codePoint)
    // a byte offset inside a multi-byte character maps to the character's start
    for (let i = 0; i < bytes; i++) byteToIndex.push(index)
    index += char.length
  }
  byteToIndex.push(text.length)
  codePointToIndex.push(text.length)

  const clamp = (table: number[], at: number): number => table[Math.max(0, Math.min(at, table.length - 1))] ?? 0
  return {
    fromByte: (offset) => clamp(byteToIndex, offset),
    fromCodePoint: (codePointIndex) => clamp(codePointToIndex, codePointIndex),
  }
}
