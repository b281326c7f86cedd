/**
 * Copies text. Self-hosted dashboards are often served over plain http on a LAN address, where
 * the async clipboard API does not exist, so fall back to the older selection-based copy.
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    await navigator.clipboard.writeText(text)
    return
  }
  const textarea = document.createElement('textarea')
  textarea.value = text
  textarea.setAttribute('readonly', '')
  textarea.style.position = 'fixed'
  textarea.style.opacity = '0'
  document.body.appendChild(textarea)
  textarea.select()
  try {
    if (!document.execCommand('copy')) throw new Error('Copy command was refused')
  } finally {
    textarea.remove()
  }
}

/** What copying needs from the browser; tests pass their own. */
export type ClipboardAccess = {
  hasFocus: () => boolean
  writeText: (text: string) => Promise<void>
}

export const browserClipboard: ClipboardAccess = {
  hasFocus: () => document.hasFocus(),
  writeText: copyToClipboard,
}

/**
 * Copies only from a focused window (the clipboard refuses an unfocused page, often without saying so).
 * Answers whether the text was copied.
 */
export async function copyWhenFocused(text: string, clipboard: ClipboardAccess = browserClipboard): Promise<boolean> {
  if (!clipboard.hasFocus()) return false
  try {
    await clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
