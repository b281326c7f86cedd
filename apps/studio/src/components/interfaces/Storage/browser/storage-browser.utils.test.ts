import { describe, expect, it } from 'vitest'
import {
  folderProblem,
  formatBytes,
  nameProblem,
  normalizeFolder,
  parentOf,
  prettyJson,
  previewKindOf,
  splitSelection,
} from './storage-browser.utils'

describe('storage browser utils', () => {
  it('picks a preview from the type, then the extension, and never previews SVG', () => {
    expect(previewKindOf('a.png', 'image/png')).toBe('image')
    expect(previewKindOf('a.svg', 'image/svg+xml')).toBe('none')
    expect(previewKindOf('doc.pdf', 'application/octet-stream')).toBe('pdf')
    expect(previewKindOf('data.json', 'text/plain')).toBe('json')
    expect(previewKindOf('x', 'application/geo+json')).toBe('json')
    expect(previewKindOf('notes.md', 'application/octet-stream')).toBe('text')
    expect(previewKindOf('a.txt', 'text/plain;charset=UTF-8')).toBe('text')
    expect(previewKindOf('a.zip', 'application/zip')).toBe('none')
  })

  it('pretty-prints JSON and keeps text that does not parse', () => {
    expect(prettyJson('{"a":[1,2]}')).toEqual({ text: '{\n  "a": [\n    1,\n    2\n  ]\n}', valid: true })
    expect(prettyJson('{oops')).toEqual({ text: '{oops', valid: false })
  })

  it('checks names and folder paths the way the server does', () => {
    expect(nameProblem('photo.png')).toBeNull()
    expect(nameProblem('a/b')).toBe('A name cannot contain "/"')
    expect(nameProblem('..')).toBe('A name cannot be "." or ".."')
    expect(nameProblem('a\u0000b')).toMatch(/control characters/)
    expect(nameProblem('x'.repeat(256))).toBe('A name is at most 255 bytes')
    expect(folderProblem('')).toBeNull()
    expect(folderProblem('a/../b')).toMatch(/in "\.\."/)
    expect(normalizeFolder(' /photos/2024/ ')).toBe('photos/2024')
  })

  it('splits a selection into objects and folders, finds parents and formats sizes', () => {
    expect(splitSelection(['a.txt', 'photos/', 'photos/b.png'])).toEqual({
      paths: ['a.txt', 'photos/b.png'],
      folders: ['photos'],
    })
    expect(parentOf('a/b/c.txt')).toBe('a/b')
    expect(parentOf('c.txt')).toBe('')
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(null)).toBe('–')
  })
})
