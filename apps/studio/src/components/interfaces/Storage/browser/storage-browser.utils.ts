import type { StorageEntry } from '@pgfleet/contracts'

/** Paths in the browser: folders without trailing slash ('' is the bucket's top level). */
export const joinPath = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`)

export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash === -1 ? '' : path.slice(0, slash)
}

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

export const isFolder = (entry: StorageEntry) => entry.id === null

/** Selection keys tell folders from objects of the same name: a folder's key ends with '/'. */
export const selectionKey = (folder: string, entry: StorageEntry) =>
  isFolder(entry) ? `${joinPath(folder, entry.name)}/` : joinPath(folder, entry.name)

export function splitSelection(keys: Iterable<string>): { paths: string[]; folders: string[] } {
  const paths: string[] = []
  const folders: string[] = []
  for (const key of keys) {
    if (key.endsWith('/')) folders.push(key.slice(0, -1))
    else paths.push(key)
  }
  return { paths, folders }
}

export type PreviewKind = 'image' | 'text' | 'json' | 'pdf' | 'none'

const TEXT_EXTENSIONS = new Set(['txt', 'md', 'csv', 'tsv', 'log', 'sql', 'yaml', 'yml', 'toml', 'ini', 'env'])

/** What preview a file gets, from its stored type and, for vague types, its extension. */
export function previewKindOf(name: string, mimetype: string | null | undefined): PreviewKind {
  const type = (mimetype ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : ''
  if (type === 'image/svg+xml') return 'none'
  if (type.startsWith('image/')) return 'image'
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf'
  if (type === 'application/json' || type.endsWith('+json') || extension === 'json') return 'json'
  if (type.startsWith('text/') || TEXT_EXTENSIONS.has(extension)) return 'text'
  return 'none'
}

/** JSON pretty-printed, or the text as it is with a note when it does not parse. */
export function prettyJson(text: string): { text: string; valid: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), valid: true }
  } catch {
    return { text, valid: false }
  }
}

export { formatBytes } from '../../../../lib/format-bytes'

/** What is wrong with a new file or folder name typed in the browser, or null; the server checks again. */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name'
  if (name.includes('/')) return 'A name cannot contain "/"'
  if (name === '.' || name === '..') return 'A name cannot be "." or ".."'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return 'A name cannot contain control characters or "\\"'
  if (new TextEncoder().encode(name).length > 255) return 'A name is at most 255 bytes'
  return null
}

/** What is wrong with a destination folder path ('' is the top level), or null. */
export function folderProblem(folder: string): string | null {
  if (folder === '') return null
  for (const segment of folder.split('/')) {
    const problem = nameProblem(segment)
    if (problem) return `${problem} (in "${segment}")`
  }
  return null
}

/** A folder path as typed: surrounding slashes and spaces trimmed. */
export const normalizeFolder = (typed: string) => typed.trim().replace(/^\/+|\/+$/g, '')
