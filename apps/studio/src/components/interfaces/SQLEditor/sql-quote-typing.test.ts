import { describe, expect, it } from 'vitest'
import { apostropheIsText } from './sql-quote-typing'

describe('apostropheIsText', () => {
  it.each<[string, number, boolean]>([
    // inside a closed literal: text
    ["'OBrien'", 2, true],
    ["E'its'", 4, true],
    ["N'its'", 4, true],
    // before the opening quote, at the closing quote, or after it: SQL
    ["'OBrien'", 0, false],
    ["'OBrien'", 7, false],
    ["'OBrien'", 8, false],
    // next to a quote already there (stepping over it, or a doubled one): SQL
    ["'O''Brien'", 2, false],
    // an unterminated literal: the apostrophe may close it
    ["'OBrien", 2, false],
    // dollar quotes, identifiers and bit strings take an apostrophe as it is
    ['$$OBrien$$', 3, false],
    ['"OBrien"', 2, false],
    ["B'0101'", 3, false],
  ])('%j at %i → %s', (token, offset, text) => {
    expect(apostropheIsText(token, offset)).toBe(text)
  })
})
