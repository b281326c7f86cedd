/**
 * End-to-end: the Kubernetes driver against a real cluster with CloudNativePG (kind works; see docs/kubernetes.md).
 * Run with `npm run test:k8s`; it is not part of `npm test`. Each step prints how long it took.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KubernetesDriver } from '../driver'
import { E2E_HAS_OBJECT_STORE, type E2eNamespace, setUpE2eNamespace, stepTimer } from './e2e-namespace'

// CloudNativePG closes a WAL segment every 5 minutes by default: once a minute keeps the point-in-time test short
const runtime = { major: 17, port: null, computeSize: 'nano' as const, settings: { archive_timeout: '60s' } }
const { timings, timed } = stepTimer()
const objectStore = E2E_HAS_OBJECT_STORE

let setup: E2eNamespace
let driver: KubernetesDriver

beforeAll(async () => {
  setup = await setUpE2eNamespace()
  driver = setup.driver
}, 120_000)

afterAll(async () => {
  console.table(timings)
  await setup?.tearDown()
})

const input = { ...runtime, superuserPassword: randomBytes(12).toString('hex'), authenticatorPassword: 'e2e-auth' }

describe('a project on CloudNativePG', () => {
  it('is created and becomes ready', async () => {
    const result = await timed('create', () => driver.createProject({ ...input, ref: 'alpha' }))
    expect(result.major).toBe(17)
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it('restarts, resizes and goes read-only', async () => {
    await timed('restart', () => driver.restartProject('alpha', runtime))
    await timed('resize to micro', () => driver.restartProject('alpha', { ...runtime, computeSize: 'micro' }))
    await driver.setProjectReadOnly('alpha', true)
    await driver.setProjectReadOnly('alpha', false)
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it.skipIf(!objectStore)('pauses (backup, then hibernation) and resumes', async () => {
    const paused = await timed('pause', () => driver.pauseProject('alpha'))
    expect(paused.id).toMatch(/^alpha-/)
    expect(await driver.projectHealth('alpha')).toBe('down')
    await timed('resume', () => driver.startProject('alpha', { ...runtime, computeSize: 'micro' }))
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it.skipIf(!objectStore)('restores to a point in time into a new Cluster', async () => {
    const backup = await timed('backup', () => driver.backupProject('alpha'))
    // a point after the backup: WAL up to it must have been archived
    await new Promise((resolve) => setTimeout(resolve, 75_000))
    const result = await timed('point-in-time restore', () =>
      driver.restoreProjectToTime('alpha', backup.id, new Date(Date.now() - 5_000), runtime),
    )
    expect(result.previousDataDir).toBeNull()
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it('upgrades a Postgres 16 project to 17', async () => {
    await timed('create (16)', () => driver.createProject({ ...input, major: 16, ref: 'beta' }))
    expect(await driver.upgradeBlockers('beta', 16, 17)).toEqual([])
    await timed('major upgrade', () => driver.upgradeProject('beta', { ...runtime, major: 16 }, runtime, () => {}))
    expect(await driver.projectHealth('beta')).toBe('ready')
  })

  it('is deleted with everything it had', async () => {
    await timed('destroy', () => driver.destroyProject('alpha'))
    await driver.destroyProject('beta')
    expect(await driver.projectHealth('alpha')).toBe('down')
  })
})
