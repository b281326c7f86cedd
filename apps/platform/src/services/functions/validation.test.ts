import { EDGE_FUNCTION_MAX_FILES, EDGE_FUNCTION_MAX_TOTAL_BYTES, EdgeFunctionSlug } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { functionPath } from './runtime/invoke'
import { type FunctionFile, normalizeFileName, validateBundle } from './validation'

const file = (name: string, content = 'export {}'): FunctionFile => ({ name, content: Buffer.from(content) })

describe('function slugs', () => {
  it('accepts letters first, then letters, digits, dashes and underscores, up to 63', () => {
    for (const slug of ['a', 'hello-world', 'Hello_World2', `a${'b'.repeat(62)}`]) {
      expect(EdgeFunctionSlug.safeParse(slug).success, slug).toBe(true)
    }
    for (const slug of ['', '1a', '-a', '_a', 'a b', 'a.b', 'a/b', `a${'b'.repeat(63)}`, 'héllo']) {
      expect(EdgeFunctionSlug.safeParse(slug).success, slug).toBe(false)
    }
  })
})

describe('file names', () => {
  it('keeps plain relative paths and drops a leading ./', () => {
    expect(normalizeFileName('index.ts')).toBe('index.ts')
    expect(normalizeFileName('./lib/util.ts')).toBe('lib/util.ts')
    expect(normalizeFileName('a/b/c.json')).toBe('a/b/c.json')
  })

  it('refuses anything that could leave the directory or confuse the file system', () => {
    const refused: [string, RegExp][] = [
      ['../x.ts', /must not contain \.\./],
      ['a/../../x.ts', /must not contain \.\./],
      ['a/..', /must not contain \.\./],
      ['/etc/passwd', /must be relative/],
      ['C:/x.ts', /must be relative/],
      ['a\\b.ts', /must use \/ as the separator/],
      ['a//b.ts', /not a plain path/],
      ['a/./b.ts', /not a plain path/],
      ['a/', /not a plain path/],
      ['', /empty/],
      ['./', /empty/],
      ['a\0b', /NUL/],
      ['a\nb', /control characters/],
      [`${'a'.repeat(256)}`, /longer than 255/],
    ]
    for (const [name, message] of refused) expect(() => normalizeFileName(name), JSON.stringify(name)).toThrow(message)
  })
})

describe('bundles', () => {
  it('needs the entrypoint among the files', () => {
    expect(validateBundle([file('index.ts'), file('lib/a.ts')], './index.ts')).toEqual({ entrypoint: 'index.ts' })
    expect(() => validateBundle([file('main.ts')], 'index.ts')).toThrow(
      'The entrypoint index.ts is not one of the deployed files',
    )
    expect(() => validateBundle([file('index.ts')], '../index.ts')).toThrow(/must not contain/)
  })

  it('refuses empty, duplicate, file-and-directory and oversized bundles', () => {
    expect(() => validateBundle([], 'index.ts')).toThrow('A deploy needs at least one file')
    expect(() => validateBundle([file('index.ts'), file('index.ts')], 'index.ts')).toThrow('appears twice')
    expect(() => validateBundle([file('index.ts'), file('lib'), file('lib/a.ts')], 'index.ts')).toThrow(
      'lib cannot be both a file and a directory',
    )
    const many = Array.from({ length: EDGE_FUNCTION_MAX_FILES + 1 }, (_, i) => file(`f${i}.ts`))
    expect(() => validateBundle([file('index.ts'), ...many], 'index.ts')).toThrow(/at most 200 files/)
    const big = { name: 'big.bin', content: Buffer.alloc(EDGE_FUNCTION_MAX_TOTAL_BYTES) }
    expect(() => validateBundle([file('index.ts'), big], 'index.ts')).toThrow(/at most 10 MB/)
  })
})

describe('the path a function sees', () => {
  it('is /{slug}[/rest][?query] as the client sent it', () => {
    expect(functionPath('/p/abc/functions/v1/hello')).toBe('/hello')
    expect(functionPath('/p/abc/functions/v1/hello/a%20b?x=1&y=2')).toBe('/hello/a%20b?x=1&y=2')
    expect(functionPath('/functions/v1/hello/')).toBe('/hello/')
    expect(functionPath('/rest/v1/hello')).toBeNull()
  })
})
