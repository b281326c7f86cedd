import type { PauseStatus, RestoreVersion } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import {
  buildRestoreBody,
  formatRestoreDeadline,
  getRestoreAction,
  getUpgradeLink,
  getVersionOptions,
  isRestoreAllowed,
  isVersionSelectDisabled,
  resolveVersionKey,
  versionKey,
} from './paused-state.utils'

const v17: RestoreVersion = { version: '17.10', postgres_engine: '17', release_channel: 'ga' }
const v18: RestoreVersion = { version: '18.1', postgres_engine: '18', release_channel: 'preview' }
const member = { username: 'ada', primary_email: 'ada@example.com', free_project_limit: 2 }

describe('getUpgradeLink', () => {
  it('opens the subscription plan panel from the paused state', () => {
    expect(getUpgradeLink('acme')).toBe('/org/acme/billing?panel=subscriptionPlan&source=projectPausedStateRestore')
  })
})

describe('getRestoreAction', () => {
  it('refuses without the permission, before anything else', () => {
    expect(getRestoreAction({ canRestore: false, planId: 'free', freeLimitMembers: [member] })).toBe('no-permission')
  })
  it('shows the member-limit dialog on a free plan with members over the limit', () => {
    expect(getRestoreAction({ canRestore: true, planId: 'free', freeLimitMembers: [member] })).toBe('member-limit')
  })
  it('opens the restore dialog otherwise', () => {
    expect(getRestoreAction({ canRestore: true, planId: 'free', freeLimitMembers: [] })).toBe('restore-dialog')
    expect(getRestoreAction({ canRestore: true, planId: 'free', freeLimitMembers: undefined })).toBe('restore-dialog')
    expect(getRestoreAction({ canRestore: true, planId: 'pro', freeLimitMembers: [member] })).toBe('restore-dialog')
  })
})

describe('version selection', () => {
  it('defaults to the first available version', () => {
    expect(resolveVersionKey([v17, v18], '')).toBe(versionKey(v17))
    expect(resolveVersionKey([v18, v17], 'gone')).toBe(versionKey(v18))
    expect(resolveVersionKey([], '')).toBe('')
  })
  it('keeps a chosen version that is still offered', () => {
    expect(resolveVersionKey([v17, v18], versionKey(v18))).toBe(versionKey(v18))
  })
  it('is disabled with one version or none', () => {
    expect(isVersionSelectDisabled([v17])).toBe(true)
    expect(isVersionSelectDisabled([])).toBe(true)
    expect(isVersionSelectDisabled([v17, v18])).toBe(false)
  })
  it('labels preview channels', () => {
    expect(getVersionOptions([v17, v18]).map((option) => option.label)).toEqual([
      'Postgres 17.10',
      'Postgres 18.1 (preview)',
    ])
  })
})

describe('buildRestoreBody', () => {
  it('sends the chosen engine and channel', () => {
    expect(buildRestoreBody({ selectionHidden: false, versions: [v17, v18], selectedKey: versionKey(v18) })).toEqual({
      postgres_engine: '18',
      release_channel: 'preview',
    })
  })
  it('sends the first version when nothing was chosen', () => {
    expect(buildRestoreBody({ selectionHidden: false, versions: [v17], selectedKey: '' })).toEqual({
      postgres_engine: '17',
      release_channel: 'ga',
    })
  })
  it('omits both when version selection is disabled', () => {
    expect(buildRestoreBody({ selectionHidden: true, versions: [v17], selectedKey: versionKey(v17) })).toEqual({})
  })
})

describe('isRestoreAllowed', () => {
  const status: PauseStatus = {
    latest_downloadable_backup_id: 1,
    max_days_till_restore_disabled: 90,
    remaining_days_till_restore_disabled: 0,
    can_restore: false,
    paused_at: '2024-01-01T00:00:00.000Z',
    restore_disabled_at: '2024-03-31T00:00:00.000Z',
  }
  it('ignores the pause status without the expiry flag', () => {
    expect(isRestoreAllowed(false, status)).toBe(true)
  })
  it('follows can_restore under the flag, unknown while loading', () => {
    expect(isRestoreAllowed(true, status)).toBe(false)
    expect(isRestoreAllowed(true, { ...status, can_restore: true })).toBe(true)
    expect(isRestoreAllowed(true, undefined)).toBeUndefined()
  })
})

describe('formatRestoreDeadline', () => {
  it('formats a date and ignores missing or invalid ones', () => {
    expect(formatRestoreDeadline('2024-03-31T12:00:00.000Z')).toMatch(/2024/)
    expect(formatRestoreDeadline(null)).toBeUndefined()
    expect(formatRestoreDeadline('not a date')).toBeUndefined()
  })
})
