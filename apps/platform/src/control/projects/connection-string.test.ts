import { describe, expect, it } from 'vitest'
import { directConnectionString } from './connection-string'

describe('directConnectionString', () => {
  it('names the host and port, with the password left as a placeholder', () => {
    expect(directConnectionString('127.0.0.1', 55410)).toBe(
      'postgresql://postgres:[YOUR-PASSWORD]@127.0.0.1:55410/postgres',
    )
  })

  it('is null without a TCP port, never the default port', () => {
    expect(directConnectionString('127.0.0.1', null)).toBeNull()
  })
})
