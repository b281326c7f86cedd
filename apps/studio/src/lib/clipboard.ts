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
