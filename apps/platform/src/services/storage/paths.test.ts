import { describe, expect, it } from 'vitest'
import { StorageError } from './errors'
import { bucketDir, objectFilePath, projectStorageDir, validateBucketId, validateObjectName } from './paths'

const DATA = '/srv/pgfleet'
const REF = 'abcdefghijklmnopqrst'

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).status).toBe(400)
    return (error as StorageError).message
  }
  throw new Error('expected a refusal')
}

describe('object names', () => {
  it('accepts folders, unicode, spaces and dots inside names', () => {
    for (const name of ['a.txt', 'folder/sub/file.png', 'héllo wörld/ファイル.txt', '.hidden', 'a..b', '...']) {
      expect(validateObjectName(name)).toBe(name)
    }
  })

  it('refuses traversal, absolute paths, NUL and other control characters', () => {
    expect(refusal(() => validateObjectName('../etc/passwd'))).toContain('".."')
    expect(refusal(() => validateObjectName('a/../../b'))).toContain('".."')
    expect(refusal(() => validateObjectName('a/./b'))).toContain('"."')
    expect(refusal(() => validateObjectName('..'))).toContain('".."')
    expect(refusal(() => validateObjectName('/etc/passwd'))).toContain('start with "/"')
    expect(refusal(() => validateObjectName('a\0b'))).toContain('control characters')
    expect(refusal(() => validateObjectName('a\nb'))).toContain('control characters')
    expect(refusal(() => validateObjectName('a\\..\\b'))).toContain('backslashes')
  })

  it('refuses empty names and empty folders', () => {
    expect(refusal(() => validateObjectName(''))).toContain('required')
    expect(refusal(() => validateObjectName('a//b'))).toContain('empty folder')
    expect(refusal(() => validateObjectName('a/'))).toContain('empty folder')
  })

  it('refuses names longer than file systems take', () => {
    expect(refusal(() => validateObjectName('x'.repeat(256)))).toContain('255 bytes')
    expect(refusal(() => validateObjectName(`${'a/'.repeat(600)}b`))).toContain('1024 bytes')
    expect(validateObjectName('é'.repeat(127))).toHaveLength(127)
    expect(refusal(() => validateObjectName('é'.repeat(128)))).toContain('255 bytes')
  })
})

describe('bucket ids', () => {
  it('accepts names safe as directory names', () => {
    for (const id of ['avatars', 'My_Bucket-2', 'v1.0', '_private']) expect(validateBucketId(id)).toBe(id)
  })

  it('refuses dots, slashes, spaces and overlong names', () => {
    for (const id of ['', '.', '..', '.tmp', 'a/b', 'a b', 'a\0', 'x'.repeat(64)]) {
      expect(refusal(() => validateBucketId(id))).toContain('Bucket names')
    }
  })
})

describe('disk paths', () => {
  it('puts objects under storage/{ref}/{bucket}', () => {
    expect(projectStorageDir(DATA, REF)).toBe(`${DATA}/storage/${REF}`)
    expect(bucketDir(DATA, REF, 'avatars')).toBe(`${DATA}/storage/${REF}/avatars`)
    expect(objectFilePath(DATA, REF, 'avatars', 'a/b.png')).toBe(`${DATA}/storage/${REF}/avatars/a/b.png`)
  })

  it('never leaves the bucket directory', () => {
    expect(() => objectFilePath(DATA, REF, 'avatars', '../other/x')).toThrow(StorageError)
    expect(() => objectFilePath(DATA, REF, '..', 'x')).toThrow(StorageError)
    expect(() => projectStorageDir(DATA, '../x')).toThrow('Invalid project ref')
  })
})
