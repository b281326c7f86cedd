import { PROJECT_STATUSES } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import {
  clampProductMenuWidth,
  clampRightPanelWidth,
  getProjectScreen,
  getProjectSubpath,
  getRightPanelWidthBounds,
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
    expect(getProjectScreen('INACTIVE', 'settings/general')).toBe('page')
    expect(getProjectScreen('INACTIVE', 'sql')).toBe('paused')
    expect(getProjectScreen('INACTIVE', 'settingsx')).toBe('paused')
  })
  it('maps the transitional and failed statuses to their screens', () => {
    expect(getProjectScreen('GOING_DOWN', '')).toBe('pausing')
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
