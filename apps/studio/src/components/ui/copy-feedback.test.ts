import { KEY_COPY_FEEDBACK_RESET_MS } from '@pgfleet/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClipboardAccess } from '../../lib/clipboard'
import { copyWhenFocused } from '../../lib/clipboard'
import { createCopyFeedback } from './copy-feedback'
import { COPIED_RESET_MS, COPY_FAILED_MESSAGE } from './ui.constants'

function fakeClipboard({ focused = true, refuses = false } = {}) {
  const written: string[] = []
  const clipboard: ClipboardAccess = {
    hasFocus: () => focused,
    writeText: async (text) => {
      if (refuses) throw new Error('Write permission denied')
      written.push(text)
    },
  }
  return { clipboard, written }
}

function feedbackWith(clipboard: ClipboardAccess, resetAfterMs = COPIED_RESET_MS) {
  const copiedStates: boolean[] = []
  const failures: string[] = []
  const feedback = createCopyFeedback({
    resetAfterMs,
    clipboard,
    onCopiedChange: (copied) => copiedStates.push(copied),
    onFailure: (message) => failures.push(message),
  })
  return { feedback, copiedStates, failures }
}

describe('copy feedback', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('says Copied, then goes back after 2000 ms', async () => {
    expect(COPIED_RESET_MS).toBe(2000)
    const { clipboard, written } = fakeClipboard()
    const { feedback, copiedStates, failures } = feedbackWith(clipboard)

    expect(await feedback.copy('eyJhbGciOi')).toBe(true)
    expect(written).toEqual(['eyJhbGciOi'])
    expect(copiedStates).toEqual([true])
    vi.advanceTimersByTime(COPIED_RESET_MS - 1)
    expect(copiedStates).toEqual([true])
    vi.advanceTimersByTime(1)
    expect(copiedStates).toEqual([true, false])
    expect(failures).toEqual([])
  })

  it('uses the key copy reset (2000 ms) when asked for it', async () => {
    expect(KEY_COPY_FEEDBACK_RESET_MS).toBe(2000)
    const { feedback, copiedStates } = feedbackWith(fakeClipboard().clipboard, KEY_COPY_FEEDBACK_RESET_MS)
    await feedback.copy('service key')
    vi.advanceTimersByTime(KEY_COPY_FEEDBACK_RESET_MS - 1)
    expect(copiedStates).toEqual([true])
    vi.advanceTimersByTime(1)
    expect(copiedStates).toEqual([true, false])
  })

  it('restarts the wait when copied again before the reset', async () => {
    const { feedback, copiedStates } = feedbackWith(fakeClipboard().clipboard)
    await feedback.copy('a')
    vi.advanceTimersByTime(1500)
    await feedback.copy('b')
    vi.advanceTimersByTime(1500)
    expect(copiedStates).toEqual([true, true])
    vi.advanceTimersByTime(500)
    expect(copiedStates).toEqual([true, true, false])
    expect(vi.getTimerCount()).toBe(0)
  })

  it("says 'Unable to copy to clipboard' when the window has no focus, without touching the clipboard", async () => {
    const { clipboard, written } = fakeClipboard({ focused: false })
    const { feedback, copiedStates, failures } = feedbackWith(clipboard)

    expect(await feedback.copy('secret')).toBe(false)
    expect(failures).toEqual([COPY_FAILED_MESSAGE])
    expect(COPY_FAILED_MESSAGE).toBe('Unable to copy to clipboard')
    expect(written).toEqual([])
    expect(copiedStates).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('says so too when the clipboard refuses the write', async () => {
    const { feedback, copiedStates, failures } = feedbackWith(fakeClipboard({ refuses: true }).clipboard)
    expect(await feedback.copy('x')).toBe(false)
    expect(failures).toEqual([COPY_FAILED_MESSAGE])
    expect(copiedStates).toEqual([])
  })

  it('drops a pending reset once disposed (the button went away)', async () => {
    const { feedback, copiedStates } = feedbackWith(fakeClipboard().clipboard)
    await feedback.copy('x')
    feedback.dispose()
    vi.advanceTimersByTime(COPIED_RESET_MS)
    expect(copiedStates).toEqual([true])
  })
})

describe('copyWhenFocused', () => {
  it('copies only from a focused window', async () => {
    const focused = fakeClipboard()
    expect(await copyWhenFocused('42', focused.clipboard)).toBe(true)
    expect(focused.written).toEqual(['42'])

    const unfocused = fakeClipboard({ focused: false })
    expect(await copyWhenFocused('42', unfocused.clipboard)).toBe(false)
    expect(unfocused.written).toEqual([])
  })
})
