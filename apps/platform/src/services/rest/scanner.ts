import { parseError } from './errors'
import { assertNoNul, readQuoted } from './tokens'

export interface JsonStep {
  arrow: '->' | '->>'
  key: string
}

/** A column reference with an optional JSON path: `data->meta->>name`. */
export interface FieldPath {
  name: string
  json: JsonStep[]
}

/** A cursor over one query-string value, for the recursive-descent parsers. */
export class Scanner {
  pos = 0

  constructor(readonly input: string) {
    assertNoNul(input)
  }

  get eof(): boolean {
    return this.pos >= this.input.length
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? ''
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos)
  }

  eat(text: string): boolean {
    if (!this.startsWith(text)) return false
    this.pos += text.length
    return true
  }

  expect(text: string, what: string): void {
    if (!this.eat(text)) throw this.error(`expected ${what}`)
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++
  }

  rest(): string {
    return this.input.slice(this.pos)
  }

  error(problem: string): Error {
    const near = this.eof ? 'end of input' : `"${this.input.slice(this.pos, this.pos + 20)}"`
    return parseError(`"${this.input}" is not valid: ${problem} at ${near}`)
  }

  /**
   * A name: double-quoted (any characters) or a run of characters up to one of `stops` or an arrow `->`.
   * Spaces around bare names are ignored.
   */
  readName(stops: string, what = 'a name'): string {
    this.skipSpaces()
    if (this.peek() === '"') {
      const { text, end } = readQuoted(this.input, this.pos)
      this.pos = end
      this.skipSpaces()
      if (text === '') throw this.error(`${what} must not be empty`)
      return text
    }
    const start = this.pos
    while (!this.eof) {
      const ch = this.peek()
      if (stops.includes(ch) || ch === '"' || (ch === '-' && this.peek(1) === '>')) break
      this.pos++
    }
    const name = this.input.slice(start, this.pos).trim()
    if (name === '') throw this.error(`expected ${what}`)
    return name
  }

  /** A field with its JSON path; keys stop at `stops` too (e.g. `.` in filters, `:` and `,` in select). */
  readField(stops: string): FieldPath {
    const name = this.readName(stops, 'a column name')
    const json: JsonStep[] = []
    while (this.startsWith('->')) json.push({ arrow: this.readArrow(), key: this.readName(stops, 'a JSON key') })
    return { name, json }
  }

  /** Consumes `->>` or `->`. */
  readArrow(): JsonStep['arrow'] {
    if (this.eat('->>')) return '->>'
    this.expect('->', 'an arrow')
    return '->'
  }
}
