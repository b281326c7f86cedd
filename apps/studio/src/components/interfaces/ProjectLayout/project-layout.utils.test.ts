import { PROJECT_STATUSES } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import {
  clampProductMenuWidth,
  clampRightPanelWidth,
  getProjectScreen,
  getProjectSubpath,
  getRightPanelWidthBounds,
  holdRestoreScreen,
  isAssistantShortcut,
  isResizableMenuPath,
  supportLinkFor,
} from './project-layout.utils'

describe('getProjectSubpath', () => {
  it('returns the part after /project/{ref}', () => {
    expect(getProjectSubpath('/project/abc', 'abc')).toBe('')
    expect(getProjectSubpath('/project/abc/', 'abc')).toBe('')
    expect(getProjectSubpath('/project/abc/settings/api', 'abc')).toBe('settings/api')
  })
})

describe('getProjectScreen', () => {
  it('shows the page for a healthy project', () => {
    expect(getProjectScreen('ACTIVE_HEALTHY', 'sql')).toBe('page')
  })
  it('shows the setting-up screen while coming up or unknown', () => {
    expect(getProjectScreen('COMING_UP', '')).toBe('setting-up')
    expect(getProjectScreen('UNKNOWN', 'settings/api')).toBe('setting-up')
  })
  it('keeps home and settings of a paused project, and asks to restore elsewhere', () => {
    expect(getProjectScreen('INACTIVE', '')).toBe('page')
    expect(getProjectScreen('INACTIVE', 'settings')).toBe('page')
    expect(getProjectScreen('INACTIVE', 'settings/general')).toBe('page')
    expect(getProjectScreen('INACTIVE', 'settings/compute-and-disk')).toBe('page')
    expect(getProjectScreen('INACTIVE', 'sql')).toBe('paused')
    expect(getProjectScreen('INACTIVE', 'settingsx')).toBe('paused')
    expect(getProjectScreen('INACTIVE', 'database/backups')).toBe('paused')
    expect(getProjectScreen('INACTIVE', 'compute-and-disk')).toBe('paused')
  })
  it('shows the connecting screen while a healthy project serves no REST', () => {
    expect(getProjectScreen('ACTIVE_HEALTHY', 'sql', 'OFFLINE')).toBe('connecting')
    expect(getProjectScreen('ACTIVE_HEALTHY', '', 'OFFLINE')).toBe('connecting')
    expect(getProjectScreen('ACTIVE_HEALTHY', 'sql', 'ONLINE')).toBe('page')
    // a project whose API does not come back can still be restarted, paused or deleted
    expect(getProjectScreen('ACTIVE_HEALTHY', 'settings/general', 'OFFLINE')).toBe('page')
    // only a healthy project is "connecting"; other statuses keep their screens
    expect(getProjectScreen('RESTARTING', 'sql', 'OFFLINE')).toBe('restarting')
    expect(getProjectScreen('INACTIVE', '', 'OFFLINE')).toBe('page')
  })
  it('maps the transitional and failed statuses to their screens', () => {
    expect(getProjectScreen('GOING_DOWN', '')).toBe('deleting')
    expect(getProjectScreen('GOING_DOWN', 'settings/general')).toBe('deleting')
    expect(getProjectScreen('PAUSING', '')).toBe('pausing')
    expect(getProjectScreen('PAUSE_FAILED', '')).toBe('pause-failed')
    expect(getProjectScreen('RESTARTING', '')).toBe('restarting')
    expect(getProjectScreen('RESIZING', '')).toBe('resizing')
    expect(getProjectScreen('UPGRADING', '')).toBe('upgrading')
    expect(getProjectScreen('RESTORING', '')).toBe('restoring')
    expect(getProjectScreen('RESTORE_FAILED', '')).toBe('restore-failed')
  })
  it('has a screen for every status', () => {
    for (const status of PROJECT_STATUSES) expect(getProjectScreen(status, 'sql')).toBeTypeOf('string')
  })
})

describe('holdRestoreScreen', () => {
  it('starts holding when the restoring screen shows', () => {
    expect(holdRestoreScreen('restoring', false)).toEqual({ screen: 'restoring', held: true })
  })
  it('keeps the completed restore on screen once the project is back', () => {
    expect(holdRestoreScreen('page', true)).toEqual({ screen: 'restore-complete', held: true })
    expect(holdRestoreScreen('connecting', true)).toEqual({ screen: 'restore-complete', held: true })
  })
  it('lets a failed restore or any unrelated screen through', () => {
    expect(holdRestoreScreen('restore-failed', true)).toEqual({ screen: 'restore-failed', held: false })
    expect(holdRestoreScreen('page', false)).toEqual({ screen: 'page', held: false })
    expect(holdRestoreScreen('paused', false)).toEqual({ screen: 'paused', held: false })
  })
})

describe('isResizableMenuPath', () => {
  it('is true in list-heavy sections only', () => {
    expect(isResizableMenuPath('sql/123')).toBe(true)
    expect(isResizableMenuPath('database/backups')).toBe(true)
    expect(isResizableMenuPath('')).toBe(false)
    expect(isResizableMenuPath('settings/general')).toBe(false)
  })
})

describe('clampProductMenuWidth', () => {
  it('never exceeds 33% of the layout', () => {
    expect(clampProductMenuWidth(900, 1200)).toBe(396)
  })
  it('never goes below the minimum', () => {
    expect(clampProductMenuWidth(50, 1200)).toBe(200)
    expect(clampProductMenuWidth(300, 400)).toBe(200)
  })
})

describe('right panel widths', () => {
  it('keeps the assistant between 400 and 500 px', () => {
    expect(getRightPanelWidthBounds('assistant', 1440)).toEqual({ min: 400, max: 500, initial: 400 })
    expect(clampRightPanelWidth('assistant', 800, 1440)).toBe(500)
    expect(clampRightPanelWidth('assistant', 100, 1440)).toBe(400)
  })
  it('lets the assistant reach 600 px on very wide screens', () => {
    expect(getRightPanelWidthBounds('assistant', 1920).max).toBe(600)
    expect(clampRightPanelWidth('assistant', 800, 2560)).toBe(600)
  })
  it('splits the SQL editor 50/50 by default', () => {
    expect(clampRightPanelWidth('sql-editor', null, 1600)).toBe(800)
  })
})

describe('isAssistantShortcut', () => {
  const key = { key: 'i', metaKey: false, ctrlKey: false, altKey: false, shiftKey: false }
  it('accepts Cmd+I and Ctrl+I', () => {
    expect(isAssistantShortcut({ ...key, metaKey: true })).toBe(true)
    expect(isAssistantShortcut({ ...key, ctrlKey: true, key: 'I' })).toBe(true)
  })
  it('ignores a plain i or extra modifiers', () => {
    expect(isAssistantShortcut(key)).toBe(false)
    expect(isAssistantShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false)
  })
})

describe('supportLinkFor', () => {
  it('prefills the database-unresponsive category and the project ref', () => {
    expect(supportLinkFor('abcdefghijklmnopqrst')).toBe(
      '/support/new?category=Database_unresponsive&ref=abcdefghijklmnopqrst',
    )
  })
})
