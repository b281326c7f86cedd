/** Hands a Blob to the browser as a file download. */
export function saveBlobAs(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // the download has started from the object URL; give it a moment before releasing it
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
