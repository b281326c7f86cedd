import { describe, expect, it } from 'vitest'
import { DEFAULT_QUERY_ERROR_TITLE, firstErrorLine } from './errors'

describe('firstErrorLine', () => {
  it.each<[string | null | undefined, string]>([
    ['relation "x" does not exist', 'relation "x" does not exist'],
    ['syntax error at or near "x"\nLINE 1: selec x\n        ^', 'syntax error at or near "x"'],
    ['\n\n  permission denied for table t  \nmore', 'permission denied for table t'],
    ['first\r\nsecond', 'first'],
    ['', DEFAULT_QUERY_ERROR_TITLE],
    ['   \n  ', DEFAULT_QUERY_ERROR_TITLE],
    [undefined, DEFAULT_QUERY_ERROR_TITLE],
    [null, DEFAULT_QUERY_ERROR_TITLE],
  ])('%j', (message, title) => {
    expect(firstErrorLine(message)).toBe(title)
  })

  it('falls back to the product text', () => {
    expect(DEFAULT_QUERY_ERROR_TITLE).toBe('Error running SQL query')
  })
})
