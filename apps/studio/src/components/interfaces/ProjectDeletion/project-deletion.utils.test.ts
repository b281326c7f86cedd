import { describe, expect, it } from 'vitest'
import { EXIT_REASONS, NAME_MISMATCH_MESSAGE, REASONS_REQUIRED_MESSAGE } from './project-deletion.constants'
import {
  buildExitFeedback,
  hasDeletionErrors,
  requiresExitFeedback,
  toggleReason,
  validateProjectDeletion,
} from './project-deletion.utils'

describe('requiresExitFeedback', () => {
  it('asks paid plans only', () => {
    expect(requiresExitFeedback('free')).toBe(false)
    expect(requiresExitFeedback(undefined)).toBe(false)
    expect(requiresExitFeedback('pro')).toBe(true)
    expect(requiresExitFeedback('team')).toBe(true)
    expect(requiresExitFeedback('enterprise')).toBe(true)
  })
})

describe('validateProjectDeletion', () => {
  const base = { projectName: 'My shop', reasons: [] as string[], requiresReasons: false }
  it('accepts the exact name on the free plan without reasons', () => {
    const errors = validateProjectDeletion({ ...base, typedName: 'My shop' })
    expect(errors).toEqual({})
    expect(hasDeletionErrors(errors)).toBe(false)
  })
  it('rejects anything but the exact name', () => {
    for (const typedName of ['', 'my shop', 'My shop ', ' My shop', 'My sho']) {
      expect(validateProjectDeletion({ ...base, typedName }).name).toBe(NAME_MISMATCH_MESSAGE)
    }
    expect(NAME_MISMATCH_MESSAGE).toBe('Value entered does not match')
  })
  it('requires a reason on paid plans', () => {
    const errors = validateProjectDeletion({ ...base, typedName: 'My shop', requiresReasons: true })
    expect(errors).toEqual({ reasons: REASONS_REQUIRED_MESSAGE })
    expect(REASONS_REQUIRED_MESSAGE).toBe('Please select at least one reason for deleting your project')
    expect(
      validateProjectDeletion({ ...base, typedName: 'My shop', requiresReasons: true, reasons: ['It costs too much'] }),
    ).toEqual({})
  })
  it('reports both problems at once', () => {
    expect(hasDeletionErrors(validateProjectDeletion({ ...base, typedName: 'x', requiresReasons: true }))).toBe(true)
    expect(Object.keys(validateProjectDeletion({ ...base, typedName: 'x', requiresReasons: true }))).toEqual([
      'name',
      'reasons',
    ])
  })
})

describe('toggleReason', () => {
  it('keeps the listed order', () => {
    const [first, second] = EXIT_REASONS
    const selected = toggleReason(toggleReason([], second, true, EXIT_REASONS), first, true, EXIT_REASONS)
    expect(selected).toEqual([first, second])
    expect(toggleReason(selected, first, false, EXIT_REASONS)).toEqual([second])
  })
  it('offers 6 to 8 reasons', () => {
    expect(EXIT_REASONS.length).toBeGreaterThanOrEqual(6)
    expect(EXIT_REASONS.length).toBeLessThanOrEqual(8)
  })
})

describe('buildExitFeedback', () => {
  it('is the deletion payload with exitAction delete', () => {
    expect(
      buildExitFeedback({
        project: { ref: 'abcdefghijklmnopqrst', organization_slug: 'acme' },
        reasons: ['It costs too much'],
        message: '  cheaper please \n',
      }),
    ).toEqual({
      project_ref: 'abcdefghijklmnopqrst',
      organization_slug: 'acme',
      message: 'cheaper please',
      reasons: ['It costs too much'],
      exitAction: 'delete',
    })
  })
})
