import { describe, expect, it } from 'vitest'
import { backupsToPrune, isBackupDue, nextBackupAt, RETRY_AFTER_FAILURE_MS, retentionDays } from './schedule'

const at = (iso: string) => new Date(iso)

describe('nextBackupAt', () => {
  const created = at('2026-11-01T10:00:00Z')

  it('is one interval after creation for a project never backed up', () => {
    expect(nextBackupAt({ intervalHours: 24, lastBackupAt: null, lastAttemptAt: null, createdAt: created })).toEqual(
      at('2026-11-02T10:00:00Z'),
    )
  })

  it('is one interval after the newest backup', () => {
    const state = {
      intervalHours: 6,
      lastBackupAt: at('2026-11-05T03:00:00Z'),
      lastAttemptAt: null,
      createdAt: created,
    }
    expect(nextBackupAt(state)).toEqual(at('2026-11-05T09:00:00Z'))
    expect(isBackupDue(state, at('2026-11-05T08:59:59Z'))).toBe(false)
    expect(isBackupDue(state, at('2026-11-05T09:00:00Z'))).toBe(true)
  })

  it('waits after a failed attempt instead of trying in a loop', () => {
    const failedAt = at('2026-11-06T10:00:00Z')
    const state = {
      intervalHours: 24,
      lastBackupAt: at('2026-11-05T10:00:00Z'),
      lastAttemptAt: failedAt,
      createdAt: created,
    }
    expect(nextBackupAt(state)).toEqual(new Date(failedAt.getTime() + RETRY_AFTER_FAILURE_MS))
  })

  it('ignores an attempt that succeeded (the backup is newer than it)', () => {
    const state = {
      intervalHours: 24,
      lastBackupAt: at('2026-11-06T10:00:05Z'),
      lastAttemptAt: at('2026-11-06T10:00:00Z'),
      createdAt: created,
    }
    expect(nextBackupAt(state)).toEqual(at('2026-11-07T10:00:05Z'))
  })
})

describe('retention', () => {
  it('keeps a day on free plans and a week on paid ones, unless configured', () => {
    expect(retentionDays(null, 'free')).toBe(1)
    expect(retentionDays(null, 'pro')).toBe(7)
    expect(retentionDays(3, 'free')).toBe(3)
  })

  it('prunes managed backups older than the retention, but never the newest one or a pause archive', () => {
    const now = at('2026-11-10T12:00:00Z')
    const backups = [
      { id: 1, kind: 'scheduled', createdAt: at('2026-11-01T12:00:00Z') },
      { id: 2, kind: 'pause', createdAt: at('2026-11-02T12:00:00Z') },
      { id: 3, kind: 'manual', createdAt: at('2026-11-08T12:00:00Z') },
      { id: 4, kind: 'scheduled', createdAt: at('2026-11-09T13:00:00Z') },
      { id: 5, kind: 'scheduled', createdAt: at('2026-11-10T11:00:00Z') },
    ]
    expect(backupsToPrune(backups, 1, now).map((b) => b.id)).toEqual([3, 1])
    expect(backupsToPrune(backups, 7, now).map((b) => b.id)).toEqual([1])
    // a project paused for weeks keeps its last copy
    expect(backupsToPrune([{ id: 9, kind: 'scheduled', createdAt: at('2026-10-01T00:00:00Z') }], 1, now)).toEqual([])
  })
})
