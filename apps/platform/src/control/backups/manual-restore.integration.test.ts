import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { DownloadableBackupsResponse } from '@pgfleet/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, startRestTestProject } from '../../services/rest/testing'
import { waitFor } from '../../testing/harness'

/**
 * A downloaded online backup restored by hand, following the steps docs/operations.md gives ("Restoring a
 * downloaded archive by hand"): extract with zstd and tar, hand the directory to a non-root user, start the
 * archive's major with the port and socket directory overridden. The server must start and hold the rows.
 */
let p: RestTestProject
let work = ''

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port'))))
    })
  })

beforeAll(async () => {
  p = await startRestTestProject()
  await p.sql('create table public.keepsakes (id int primary key, body text)')
  await p.sql("insert into public.keepsakes select n, 'row ' || n from generate_series(1, 500) as n")
  // a parent every user can traverse: the restored directory itself is 0700 and handed to the server's user
  work = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-manual-restore-'))
  chmodSync(work, 0o755)
}, 120_000)

afterAll(async () => {
  await p?.destroy()
  if (work) rmSync(work, { recursive: true, force: true })
}, 60_000)

describe('a downloaded backup restored by hand', () => {
  it('starts with the documented commands and holds the data', async () => {
    const base = `/platform/database/${p.ref}/backups`
    expect((await p.api.post(base)).status).toBe(202)
    const backups = await waitFor(
      async () => (await p.api.get<DownloadableBackupsResponse>(`${base}/downloadable-backups`)).body.backups,
      (list) => list.some((backup) => backup.kind === 'manual' && backup.status === 'COMPLETED'),
      90_000,
      250,
    )
    const backup = backups.find((b) => b.kind === 'manual')
    // rows written after the backup must not be in it
    await p.sql("insert into public.keepsakes values (501, 'after the backup')")

    const { body } = await p.api.post<{ fileUrl: string }>(`${base}/download`, { id: backup?.id })
    const url = new URL(body.fileUrl)
    const response = await p.api.fetch('GET', `${url.pathname}${url.search}`)
    expect(response.status).toBe(200)
    const name = /filename="(.*)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'backup.tar.zst'
    const archive = path.join(work, name)
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()))

    const restored = path.join(work, 'restored')
    const major = p.t.platform.ctx.engines.find((engine) => engine.major === 17) ?? p.t.platform.ctx.engines[0]
    if (!major) throw new Error('no Postgres engine')
    const port = await freePort()
    const asRoot = process.getuid?.() === 0
    // the documented steps, as a shell would run them
    const extract = name.endsWith('.zst')
      ? `zstd -dc '${archive}' | tar -xpf - -C '${restored}'`
      : `tar -xzpf '${archive}' -C '${restored}'`
    execFileSync('sh', [
      '-ec',
      [`mkdir -m 700 '${restored}'`, extract, asRoot ? `chown -R postgres: '${restored}'` : 'true'].join('\n'),
    ])
    const postgres = path.join(major.binDir, 'postgres')
    const args = [
      '-D',
      restored,
      '-c',
      `port=${port}`,
      '-c',
      'unix_socket_directories=/tmp',
      '-c',
      'listen_addresses=127.0.0.1',
    ]
    const server = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', postgres, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    server.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString()
    })
    let exited = false
    server.once('exit', () => {
      exited = true
    })
    try {
      const rows = await waitFor(
        async () => {
          const client = new pg.Client({
            host: '127.0.0.1',
            port,
            user: 'postgres',
            password: 'rest-db-password',
            database: 'postgres',
          })
          client.on('error', () => {})
          if (exited) throw new Error(`postgres exited: ${log.replaceAll('\n', ' / ')}`)
          try {
            await client.connect()
            return (
              await client.query<{ count: string; max: number }>('select count(*), max(id) from public.keepsakes')
            ).rows[0]
          } catch {
            return undefined
          } finally {
            await client.end().catch(() => {})
          }
        },
        (row) => row !== undefined,
        30_000,
        250,
      )
      expect(rows).toEqual({ count: '500', max: 500 })
    } finally {
      if (!exited) {
        // runuser does not pass signals on: stop the postmaster itself (smart shutdown)
        const pid = Number(readFileSync(path.join(restored, 'postmaster.pid'), 'utf8').split('\n')[0])
        process.kill(pid, 'SIGINT')
        await new Promise((resolve) => server.once('exit', resolve))
      }
    }
  }, 180_000)
})
