import { access } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import type { PostgresEngine } from '../engines/types'

/** Where an engine keeps its extensions' control files (embedded and Debian layouts). */
function extensionDirs(engine: Pick<PostgresEngine, 'binDir' | 'major'>): string[] {
  const prefix = path.dirname(engine.binDir)
  return [
    path.join(prefix, 'share', 'postgresql', 'extension'),
    path.join(prefix, 'share', 'extension'),
    `/usr/share/postgresql/${engine.major}/extension`,
  ]
}

/** Whether the engine ships the extension (its control file), without running a server. */
export async function engineHasExtension(engine: Pick<PostgresEngine, 'binDir' | 'major'>, name: string) {
  for (const dir of extensionDirs(engine)) {
    const found = await access(path.join(dir, `${name}.control`)).then(
      () => true,
      () => false,
    )
    if (found) return true
  }
  return false
}

/** Extensions installed in the database that the target engine does not ship. */
export async function missingExtensions(
  client: pg.ClientBase,
  target: Pick<PostgresEngine, 'binDir' | 'major'>,
): Promise<string[]> {
  const { rows } = await client.query<{ extname: string }>('select extname from pg_extension order by extname')
  const missing: string[] = []
  for (const { extname } of rows) if (!(await engineHasExtension(target, extname))) missing.push(extname)
  return missing
}

/** Brings every extension to the target's default version; answers what changed. */
export async function updateExtensions(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string; installed: string; latest: string }>(
    `select e.extname as name, e.extversion as installed, a.default_version as latest
       from pg_extension e join pg_available_extensions a on a.name = e.extname
      where a.default_version is distinct from e.extversion`,
  )
  for (const row of rows) await client.query(`alter extension "${row.name.replaceAll('"', '""')}" update`)
  return rows.map((row) => `${row.name} ${row.installed} → ${row.latest}`)
}
