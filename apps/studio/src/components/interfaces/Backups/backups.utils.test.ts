import type { Backup } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { formatBackupKind, formatBytes, sortBackups } from './backups.utils'

describe('formatBytes', () => {
  it('uses powers of 1024 with one decimal for small values', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1023 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB')
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TB')
  })
  it('does not format nonsense', () => {
    expect(formatBytes(-1)).toBe('–')
    expect(formatBytes(Number.NaN)).toBe('–')
  })
})

describe('formatBackupKind', () => {
  it('names known kinds and capitalises others', () => {
    expect(formatBackupKind('pause')).toBe('Taken when paused')
    expect(formatBackupKind('nightly')).toBe('Nightly')
  })
})

describe('sortBackups', () => {
  const backup = (id: number, inserted_at: string): Backup => ({
    id,
    inserted_at,
    project_id: 1,
    kind: 'pause',
    size_bytes: 1,
    postgres_major: 17,
    status: 'COMPLETED',
    isPhysicalBackup: true,
  })
  it('puts the newest first without changing its input', () => {
    const input = [backup(1, '2024-01-01T00:00:00.000Z'), backup(2, '2024-03-01T00:00:00.000Z')]
    expect(sortBackups(input).map((b) => b.id)).toEqual([2, 1])
    expect(input.map((b) => b.id)).toEqual([1, 2])
  })
})
