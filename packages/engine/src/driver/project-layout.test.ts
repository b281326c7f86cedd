import { spawnSync } from 'node:child_process'
import { chmod, lstat, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopCluster } from '../cluster/stop'
import { discoverEngines } from '../engines/discover'
import type { PostgresEngine } from '../engines/types'
import { giveTreeTo, projectUserName, removeProjectUsers } from '../system/project-users'
import { lookupUser, type RunAs, resolveRunAs } from '../system/run-as'
import { makeTempRoot } from '../testing/fixtures'
import { LocalDriver } from './local'
import { PROJECT_DIR_MODE } from './project-layout'
import type { ProjectRuntimeConfig } from './types'

/**
 * Root never follows a path inside a directory a project's OS user can write. The attacker is the project's OS user
 * (a tenant who escaped into its server's account): it plants symbolic links, as that user, under the names the
 * platform opens as root, then the platform starts, backs up and restore-checks the project. Another project's
 * directories and a root-only file must keep their owner, mode and content.
 */
const TIMEOUT_MS = 120_000
const ATTACKER = 'attacker'
const VICTIM = 'victim'
const SECRET = 'root-only secret\n'
const CONFIG: ProjectRuntimeConfig = { major: 17, port: null, computeSize: 'nano', walArchiving: true }

let root: string
let projectsDir: string
let runAs: RunAs | null
let engines: PostgresEngine[]
let driver: LocalDriver
let attacker: RunAs
let secretFile: string

const newDriver = () => new LocalDriver({ dataDir: projectsDir, runAs, engines, listenAddress: '127.0.0.1' })

beforeAll(async () => {
  // per-project OS users exist only when the platform runs as root: CI runs this as root, anywhere else it fails
  if (process.getuid?.() !== 0) throw new Error('The project layout attack tests need root (per-project OS users)')
  root = await makeTempRoot('project-layout')
  projectsDir = path.join(root, 'projects')
  runAs = await resolveRunAs()
  engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
  driver = newDriver()
  for (const ref of [VICTIM, ATTACKER]) {
    await driver.createProject({ ref, ...CONFIG, superuserPassword: 'pw-super', authenticatorPassword: 'pw-auth' })
  }
  await driver.backupProject(VICTIM)
  await driver.backupProject(ATTACKER)
  const user = await lookupUser(projectUserName(ATTACKER))
  if (!user) throw new Error('the attacker project has no OS user of its own')
  attacker = user
  secretFile = path.join(root, 'secret')
  await writeFile(secretFile, SECRET, { mode: 0o600 })
}, TIMEOUT_MS)

afterAll(async () => {
  await driver?.stopAll().catch(() => {})
  for (const ref of [VICTIM, ATTACKER]) {
    await stopCluster(driver.projectPaths(ref), 'immediate', 5_000).catch(() => {})
  }
  await removeProjectUsers(projectsDir)
  await rm(root, { recursive: true, force: true })
})

/** Runs a shell script as the attacker project's OS user; its exit status (0 = it could do it). */
function asAttacker(script: string): number | null {
  const result = spawnSync('sh', ['-c', script], { uid: attacker.uid, gid: attacker.gid, cwd: '/' })
  return result.status
}

/** What the attacks aim at: another project's directories and backups, and a root-only file. */
async function targets() {
  const victim = driver.projectPaths(VICTIM)
  const entries = [victim.projectDir, victim.dataDir, victim.backupsDir, victim.socketDir, secretFile]
  return {
    owners: await Promise.all(
      entries.map(async (entry) => {
        const info = await lstat(entry)
        return { entry, uid: info.uid, gid: info.gid, mode: info.mode & 0o7777 }
      }),
    ),
    secret: await readFile(secretFile, 'utf8'),
  }
}

describe('a project directory', () => {
  it(
    'belongs to the platform: the project user passes through but plants nothing',
    async () => {
      const { projectDir, dataDir, socketDir, walArchiveDir, backupsDir, logFile } = driver.projectPaths(ATTACKER)
      const project = await stat(projectDir)
      expect({ uid: project.uid, gid: project.gid, mode: project.mode & 0o777 }).toEqual({
        uid: 0,
        gid: attacker.gid,
        mode: PROJECT_DIR_MODE,
      })
      for (const dir of [dataDir, socketDir, walArchiveDir]) expect((await stat(dir)).uid).toBe(attacker.uid)
      for (const platformOwned of [backupsDir, path.dirname(logFile), logFile]) {
        expect((await stat(platformOwned)).uid).toBe(0)
      }
      const before = await targets()
      const victim = driver.projectPaths(VICTIM)
      expect(asAttacker(`ln -s '${victim.projectDir}' '${projectDir}/run-check'`)).not.toBe(0)
      expect(asAttacker(`mv '${socketDir}' '${projectDir}/moved'`)).not.toBe(0)
      expect(asAttacker(`ln -s '${secretFile}' '${path.dirname(logFile)}/x'`)).not.toBe(0)
      const [latest] = await driver.listBackups(ATTACKER)
      if (!latest) throw new Error('no backup of the attacker project')
      const failure = await (async () => {
        await driver.checkBackupRestore(ATTACKER, latest.id, CONFIG)
        await driver.restartProject(ATTACKER, CONFIG)
      })().then(
        () => null,
        (error: Error) => error.message,
      )
      expect(await targets()).toEqual(before)
      expect(failure).toBeNull()
    },
    TIMEOUT_MS,
  )

  it(
    'of the older layout loses the links its user planted before they are followed',
    async () => {
      const paths = driver.projectPaths(ATTACKER)
      const victim = driver.projectPaths(VICTIM)
      await driver.stopProject(ATTACKER)
      // the layout older versions left: the project's user owned the project directory and all but the backups
      await giveTreeTo(paths.projectDir, attacker, ['backups'])
      await chmod(paths.projectDir, 0o700)
      const before = await targets()
      const planted = asAttacker(
        [
          `rm -rf '${paths.socketDir}' '${paths.walArchiveDir}' '${paths.logFile}'`,
          `ln -s '${victim.projectDir}' '${paths.socketDir}'`,
          `ln -s '${victim.backupsDir}' '${paths.walArchiveDir}'`,
          `ln -s '${secretFile}' '${paths.logFile}'`,
          `ln -s '${victim.dataDir}' '${paths.projectDir}/run-check'`,
          `ln -s '${victim.dataDir}' '${paths.projectDir}/restore-check'`,
        ].join(' && '),
      )
      expect(planted).toBe(0)

      // a platform started with this version: first use of the project, then start, backup and restore check
      driver = newDriver()
      const failure = await (async () => {
        await driver.startProject(ATTACKER, CONFIG)
        const backup = await driver.backupProject(ATTACKER)
        await driver.checkBackupRestore(ATTACKER, backup.id, CONFIG)
      })().then(
        () => null,
        (error: Error) => error.message,
      )
      expect(await targets()).toEqual(before)
      expect(failure).toBeNull()
      for (const entry of await readdir(paths.projectDir)) {
        expect({ entry, link: (await lstat(path.join(paths.projectDir, entry))).isSymbolicLink() }).toEqual({
          entry,
          link: false,
        })
      }
      expect((await lstat(paths.logFile)).uid).toBe(0)
    },
    TIMEOUT_MS,
  )

  it(
    'never reads a configuration file through a link in the data directory',
    async () => {
      const { dataDir } = driver.projectPaths(ATTACKER)
      const conf = path.join(dataDir, 'postgresql.conf')
      await driver.stopProject(ATTACKER)
      const before = await targets()
      expect(asAttacker(`mv '${conf}' '${conf}.kept' && ln -s '${secretFile}' '${conf}'`)).toBe(0)
      const failure = await driver.startProject(ATTACKER, CONFIG).then(
        () => null,
        (error: Error) => error.message,
      )
      expect(await targets()).toEqual(before)
      for (const name of await readdir(dataDir)) {
        const file = path.join(dataDir, name)
        const info = await lstat(file)
        if (info.isFile())
          expect({ name, leaked: (await readFile(file, 'utf8')).includes(SECRET) }).toEqual({
            name,
            leaked: false,
          })
      }
      expect(failure).toMatch(/symbolic link/)
      // the tenant's own undo makes the project start again
      expect(asAttacker(`rm '${conf}' && mv '${conf}.kept' '${conf}'`)).toBe(0)
      await driver.startProject(ATTACKER, CONFIG)
    },
    TIMEOUT_MS,
  )

  it(
    'is copied into a branch without root following a link in it: a linked pg_wal is refused',
    async () => {
      const { dataDir } = driver.projectPaths(ATTACKER)
      const wal = path.join(dataDir, 'pg_wal')
      const before = await targets()
      // Postgres runs on with pg_wal as a link; the platform never makes one, and root must not list through it
      await driver.stopProject(ATTACKER)
      expect(asAttacker(`mv '${wal}' '${wal}.real' && ln -s '${wal}.real' '${wal}'`)).toBe(0)
      await driver.startProject(ATTACKER, CONFIG)
      const refused = await driver.cloneProjectData(ATTACKER, 'attackbranch').then(
        () => null,
        (error: Error) => error.message,
      )
      expect(refused).toMatch(/symbolic link/)
      expect(await targets()).toEqual(before)

      // links among the data files are copied as links: the branch gets no byte of what they point at
      await driver.stopProject(ATTACKER)
      const planted = [
        `rm '${wal}' && mv '${wal}.real' '${wal}'`,
        `ln -s '${secretFile}' '${dataDir}/global/planted-file'`,
        `ln -s '${driver.projectPaths(VICTIM).dataDir}' '${dataDir}/planted-dir'`,
      ]
      expect(asAttacker(planted.join(' && '))).toBe(0)
      await driver.startProject(ATTACKER, CONFIG)
      await driver.cloneProjectData(ATTACKER, 'attackbranch')
      const branch = driver.projectPaths('attackbranch').dataDir
      expect(await targets()).toEqual(before)
      for (const name of ['global/planted-file', 'planted-dir']) {
        expect({ name, link: (await lstat(path.join(branch, name))).isSymbolicLink() }).toEqual({ name, link: true })
      }
    },
    TIMEOUT_MS,
  )
})
