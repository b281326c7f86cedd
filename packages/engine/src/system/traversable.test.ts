import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertTraversableBy, isTraversableByOthers } from './traversable'

const stranger = { user: 'stranger', uid: 54_321, gid: 54_321 }
let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-traverse-'))
  await mkdir(path.join(root, 'open', 'deeper'), { recursive: true })
  await mkdir(path.join(root, 'closed', 'inside'), { recursive: true })
  await chmod(root, 0o711)
  await chmod(path.join(root, 'closed'), 0o700)
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('assertTraversableBy', () => {
  it('accepts a path every ancestor of which the user may enter, including parts not created yet', async () => {
    await expect(assertTraversableBy(path.join(root, 'open', 'deeper', 'not-yet'), stranger)).resolves.toBeUndefined()
    expect(await isTraversableByOthers(path.join(root, 'open', 'deeper'))).toBe(true)
  })

  it('names the directory that blocks the user', async () => {
    const closed = path.join(root, 'closed')
    await expect(assertTraversableBy(path.join(closed, 'inside'), stranger)).rejects.toThrow(
      `Directory ${closed} is not traversable by user stranger (mode 0700`,
    )
    expect(await isTraversableByOthers(path.join(closed, 'inside'))).toBe(false)
  })

  it('checks the current user (here the owner) when there is no run-as user', async () => {
    await expect(assertTraversableBy(path.join(root, 'closed', 'inside'), null)).resolves.toBeUndefined()
  })
})
