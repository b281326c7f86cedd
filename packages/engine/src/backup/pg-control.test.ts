import { describe, expect, it } from 'vitest'
import { formatLsn, parseControlFile, parseLsn, walFileName, walFileRange } from './pg-control'

const MB16 = 16 * 1024 * 1024

describe('WAL names and LSNs', () => {
  it('names the segment holding an LSN like XLogFileName', () => {
    expect(walFileName(1, parseLsn('0/D2C6C0'), MB16)).toBe('000000010000000000000000')
    expect(walFileName(1, parseLsn('0/CD2C6C0'), MB16)).toBe('00000001000000000000000C')
    expect(walFileName(2, parseLsn('1/FF000028'), MB16)).toBe('0000000200000001000000FF')
    expect(walFileName(1, parseLsn('3/00000000'), 1024 * 1024 * 1024)).toBe('000000010000000300000000')
  })

  it('round-trips LSN text', () => {
    expect(formatLsn(parseLsn('16/B374D848'))).toBe('16/B374D848')
    expect(() => parseLsn('nope')).toThrow('Invalid LSN')
  })

  it('lists the segments of a range, across a log id boundary', () => {
    expect(walFileRange('0000000100000000000000FE', '000000010000000100000001', MB16)).toEqual([
      '0000000100000000000000FE',
      '0000000100000000000000FF',
      '000000010000000100000000',
      '000000010000000100000001',
    ])
    expect(() => walFileRange('000000010000000000000002', '000000010000000000000001', MB16)).toThrow('before')
  })
})

describe('parseControlFile', () => {
  it('reads state, checkpoint, redo and timeline at their fixed offsets', () => {
    const buffer = Buffer.alloc(296)
    buffer.writeBigUInt64LE(7710793035917011286n, 0)
    buffer.writeUInt32LE(1700, 8)
    buffer.writeUInt32LE(1, 16)
    buffer.writeBigUInt64LE(0x0cd2c6c0n, 32)
    buffer.writeBigUInt64LE(0x0cd2c600n, 40)
    buffer.writeUInt32LE(3, 48)
    expect(parseControlFile(buffer)).toEqual({
      systemIdentifier: '7710793035917011286',
      controlVersion: 1700,
      state: 'shut down',
      checkpointLsn: 0x0cd2c6c0n,
      redoLsn: 0x0cd2c600n,
      timeline: 3,
    })
    buffer.writeUInt32LE(6, 16)
    expect(parseControlFile(buffer).state).toBe('in production')
  })
})
