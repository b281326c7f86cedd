import { describe, expect, it } from 'vitest'
import { DISK_NOTE } from './compute-and-disk.constants'
import { canResizeTo, formatComputeSize } from './compute-and-disk.utils'

describe('canResizeTo', () => {
  it('needs another size and a running project', () => {
    expect(canResizeTo('micro', 'small', 'ACTIVE_HEALTHY')).toBe(true)
    expect(canResizeTo('micro', 'micro', 'ACTIVE_HEALTHY')).toBe(false)
    expect(canResizeTo('micro', 'small', 'INACTIVE')).toBe(false)
    expect(canResizeTo('micro', 'small', 'RESIZING')).toBe(false)
  })
})

describe('formatComputeSize', () => {
  it('capitalises the size', () => {
    expect(formatComputeSize('nano')).toBe('Nano')
  })
})

describe('DISK_NOTE', () => {
  it('quotes the documented limit', () => {
    expect(DISK_NOTE).toBe('Disk can be increased up to 200GB')
  })
})
