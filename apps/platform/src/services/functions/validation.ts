import {
  EDGE_FUNCTION_MAX_FILE_NAME_LENGTH,
  EDGE_FUNCTION_MAX_FILES,
  EDGE_FUNCTION_MAX_TOTAL_BYTES,
} from '@pgfleet/contracts'
import { badRequest } from '../../errors'

/** One file of a deploy: its path relative to the function's directory, and its bytes. */
export interface FunctionFile {
  name: string
  content: Buffer
}

/**
 * A deployed file's name, normalized: relative, `/`-separated, without `.`/`..` segments, NUL or control
 * characters. The files land on disk under the function's directory, so anything that could escape it is refused.
 */
export function normalizeFileName(raw: string): string {
  if (raw.includes('\0')) throw badRequest('File names must not contain NUL characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\x01-\x1f\x7f]/.test(raw)) throw badRequest(`File name ${JSON.stringify(raw)} contains control characters`)
  if (raw.includes('\\')) throw badRequest(`File name ${JSON.stringify(raw)} must use / as the separator`)
  const name = raw.replace(/^(\.\/)+/, '')
  if (name === '') throw badRequest('A file name is empty')
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    throw badRequest(`File name ${JSON.stringify(raw)} must be relative to the function's directory`)
  }
  if (name.length > EDGE_FUNCTION_MAX_FILE_NAME_LENGTH) {
    throw badRequest(`File name ${JSON.stringify(raw)} is longer than ${EDGE_FUNCTION_MAX_FILE_NAME_LENGTH} characters`)
  }
  for (const segment of name.split('/')) {
    if (segment === '..') throw badRequest(`File name ${JSON.stringify(raw)} must not contain ..`)
    if (segment === '' || segment === '.') throw badRequest(`File name ${JSON.stringify(raw)} is not a plain path`)
  }
  return name
}

/** Checks a whole deploy: limits, duplicate names, files that are also directories, and the entrypoint. */
export function validateBundle(files: FunctionFile[], entrypointPath: string): { entrypoint: string } {
  if (files.length === 0) throw badRequest('A deploy needs at least one file')
  if (files.length > EDGE_FUNCTION_MAX_FILES) {
    throw badRequest(`A function may have at most ${EDGE_FUNCTION_MAX_FILES} files`)
  }
  const total = files.reduce((sum, file) => sum + file.content.length, 0)
  if (total > EDGE_FUNCTION_MAX_TOTAL_BYTES) {
    throw badRequest(`A function's files may total at most ${EDGE_FUNCTION_MAX_TOTAL_BYTES / 1024 / 1024} MB`)
  }
  const names = new Set<string>()
  for (const file of files) {
    if (names.has(file.name)) throw badRequest(`File ${file.name} appears twice`)
    names.add(file.name)
  }
  for (const name of names) {
    const parts = name.split('/')
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/')
      if (names.has(dir)) throw badRequest(`${dir} cannot be both a file and a directory`)
    }
  }
  const entrypoint = normalizeFileName(entrypointPath)
  if (!names.has(entrypoint)) {
    throw badRequest(`The entrypoint ${entrypoint} is not one of the deployed files`)
  }
  return { entrypoint }
}
