import { browserClipboard, type ClipboardAccess, copyWhenFocused } from '../../lib/clipboard'
import { COPY_FAILED_MESSAGE } from './ui.constants'

export type CopyFeedbackOptions = {
  /** how long the button keeps saying 'Copied' */
  resetAfterMs: number
  onCopiedChange: (copied: boolean) => void
  /** told 'Unable to copy to clipboard' when the copy did not happen */
  onFailure: (message: string) => void
  clipboard?: ClipboardAccess
}

/**
 * A copy button's behaviour without its rendering: copy, say 'Copied', and go back after `resetAfterMs`
 * (a second copy restarts the wait). `dispose` stops a pending reset when the button goes away.
 */
export function createCopyFeedback({
  resetAfterMs,
  onCopiedChange,
  onFailure,
  clipboard = browserClipboard,
}: CopyFeedbackOptions) {
  let resetTimer: ReturnType<typeof setTimeout> | undefined
  return {
    async copy(text: string): Promise<boolean> {
      if (!(await copyWhenFocused(text, clipboard))) {
        onFailure(COPY_FAILED_MESSAGE)
        return false
      }
      onCopiedChange(true)
      clearTimeout(resetTimer)
      resetTimer = setTimeout(() => {
        resetTimer = undefined
        onCopiedChange(false)
      }, resetAfterMs)
      return true
    },
    dispose() {
      clearTimeout(resetTimer)
      resetTimer = undefined
    },
  }
}
