/** Hands an address to the browser as a download (the platform answers it as an attachment). */
export function startBrowserDownload(url: string) {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}
