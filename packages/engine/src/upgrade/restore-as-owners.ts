import { writeFile } from 'node:fs/promises'
import type pg from 'pg'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { ClusterLocation } from '../cluster/types'
import { postgresEnv, runCommand } from '../system/run-command'
import { connectionArgs, type DumpTools } from './client-tools'

/** One line of a dump's table of contents (`pg_restore --list`), kept whole to write into a list file. */
export interface TocEntry {
  line: string
  dumpId: number
  /** the catalog the object lives in (0 for data entries, which name their relation by `objectId`) */
  classId: number
  objectId: number
  /** what the entry is, then its schema, name and owner, as pg_restore prints them */
  rest: string
}

const TOC_LINE = /^(\d+); (\d+) (\d+) (.*)$/

export function parseToc(listing: string): TocEntry[] {
  const entries: TocEntry[] = []
  for (const line of listing.split('\n')) {
    const match = TOC_LINE.exec(line)
    if (!match) continue
    entries.push({
      line,
      dumpId: Number(match[1]),
      classId: Number(match[2]),
      objectId: Number(match[3]),
      rest: match[4] as string,
    })
  }
  return entries
}

/**
 * The kinds of entry whose restore evaluates code a table's owner wrote: rows loaded by COPY (CHECK constraints,
 * generated columns, domain checks), index builds (expressions, predicates), constraints validated over the rows
 * (CHECK, foreign keys, exclusion), and a materialized view's refresh. Everything else only creates, alters or
 * grants, and runs nothing of the tenant's.
 */
const TENANT_CODE_KINDS = [
  'TABLE DATA ',
  'INDEX ',
  'CONSTRAINT ',
  'CHECK CONSTRAINT ',
  'FK CONSTRAINT ',
  'MATERIALIZED VIEW DATA ',
]

export const runsTenantCode = (entry: Pick<TocEntry, 'rest'>): boolean =>
  TENANT_CODE_KINDS.some((kind) => entry.rest.startsWith(kind))

/**
 * Who owns the relation (or domain) behind each entry that runs tenant code, read from the source's catalog by the
 * object ids the dump recorded (names in a listing are not quoted, so they are not parsed). A superuser owner
 * (the platform's own objects) is answered as the platform superuser.
 */
const ENTRY_OWNERS = `
select e.dump_id as "dumpId",
       case when r.rolsuper then '${PLATFORM_SUPERUSER}' else r.rolname end as owner
  from unnest($1::int[], $2::oid[], $3::oid[]) as e(dump_id, class_id, object_id)
  left join lateral (
    select c.relowner as owner from pg_class c
     where e.class_id in (0, 'pg_class'::regclass::oid) and c.oid = e.object_id
    union all
    select coalesce(c.relowner, t.typowner) from pg_constraint k
      left join pg_class c on c.oid = k.conrelid
      left join pg_type t on t.oid = k.contypid
     where e.class_id = 'pg_constraint'::regclass::oid and k.oid = e.object_id
  ) o on true
  left join pg_roles r on r.oid = o.owner`

/** The role each entry must be restored as: its relation's owner for entries that run tenant code. */
export async function restoringRoles(source: pg.ClientBase, entries: TocEntry[]): Promise<Map<number, string>> {
  const owned = entries.filter(runsTenantCode)
  const roles = new Map<number, string>(entries.map((entry) => [entry.dumpId, PLATFORM_SUPERUSER]))
  if (owned.length === 0) return roles
  const { rows } = await source.query<{ dumpId: number; owner: string | null }>(ENTRY_OWNERS, [
    owned.map((entry) => entry.dumpId),
    owned.map((entry) => entry.classId),
    owned.map((entry) => entry.objectId),
  ])
  for (const row of rows) {
    // restoring it as the superuser is exactly what must not happen: better no upgrade
    if (!row.owner) throw new Error(`Cannot tell who owns dump entry ${row.dumpId}, so it cannot be restored safely`)
    roles.set(row.dumpId, row.owner)
  }
  return roles
}

/**
 * Consecutive entries restored as the same role, in the dump's order (which follows the objects' dependencies):
 * restoring the batches one after the other keeps that order.
 */
export function batchesInOrder(
  entries: TocEntry[],
  roles: Map<number, string>,
): { role: string; entries: TocEntry[] }[] {
  const batches: { role: string; entries: TocEntry[] }[] = []
  for (const entry of entries) {
    const role = roles.get(entry.dumpId) ?? PLATFORM_SUPERUSER
    const last = batches.at(-1)
    if (last && last.role === role) last.entries.push(entry)
    else batches.push({ role, entries: [entry] })
  }
  return batches
}

/** Entries grouped by role, for a section whose entries do not depend on one another (the rows). */
export function batchesByRole(
  entries: TocEntry[],
  roles: Map<number, string>,
): { role: string; entries: TocEntry[] }[] {
  const byRole = new Map<string, TocEntry[]>()
  for (const entry of entries) {
    const role = roles.get(entry.dumpId) ?? PLATFORM_SUPERUSER
    byRole.set(role, [...(byRole.get(role) ?? []), entry])
  }
  return [...byRole].map(([role, grouped]) => ({ role, entries: grouped }))
}

/**
 * Settings of every session the restore opens, whatever the role's own settings say (startup options win over
 * `ALTER ROLE ... SET`): a role's read-only default or timeout must not break the restore half way.
 */
const RESTORE_SESSION_OPTIONS = [
  'default_transaction_read_only=off',
  'statement_timeout=0',
  'lock_timeout=0',
  'idle_in_transaction_session_timeout=0',
]
  .map((setting) => `-c ${setting}`)
  .join(' ')

export const TOC_TIMEOUT_MS = 60_000

/** The entries of one section of a dump, in restore order. */
export async function sectionEntries(tools: DumpTools, file: string, section: string): Promise<TocEntry[]> {
  const { stdout } = await runCommand(tools.pgRestore, ['--list', `--section=${section}`, file], {
    timeoutMs: TOC_TIMEOUT_MS,
  })
  return parseToc(stdout)
}

/**
 * Restores a batch of entries logged in as `role`: tenant code they run (a CHECK constraint's function, an index
 * expression) runs in a session whose session user and current user are both that role, so it cannot switch back
 * to a superuser (as it could after `SET ROLE`), whatever it tries.
 */
export async function restoreBatch(
  tools: DumpTools,
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  file: string,
  listFile: string,
  batch: { role: string; entries: TocEntry[] },
  options: { jobs?: number; timeoutMs: number },
): Promise<void> {
  await writeFile(listFile, `${batch.entries.map((entry) => entry.line).join('\n')}\n`)
  await runCommand(
    tools.pgRestore,
    [
      '--exit-on-error',
      `--use-list=${listFile}`,
      ...(options.jobs && batch.entries.length > 1 ? [`--jobs=${options.jobs}`] : []),
      ...connectionArgs(target, database, batch.role),
      file,
    ],
    { timeoutMs: options.timeoutMs, env: postgresEnv({ PGOPTIONS: RESTORE_SESSION_OPTIONS }) },
  )
}

interface LoginAttributes {
  rolname: string
  rolcanlogin: boolean
  rolconnlimit: number
  rolvaliduntil: string | null
  expired: boolean
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`

/**
 * Lets the platform log in to the new cluster as each of `roles` for the restore (over its socket, which only the
 * platform reaches while the upgrade runs): a role without LOGIN, with a connection limit (a parallel restore opens
 * several sessions) or an expired password gets what it needs for now. Answers how to put every one of them back as it was (on a new connection).
 */
export async function allowRestoreLogins(
  target: pg.ClientBase,
  roles: string[],
): Promise<(target: pg.ClientBase) => Promise<void>> {
  const { rows } = await target.query<LoginAttributes>(
    `select rolname, rolcanlogin, rolconnlimit, rolvaliduntil::text, coalesce(rolvaliduntil < now(), false) as expired
       from pg_roles where rolname = any($1) and not rolsuper`,
    [roles],
  )
  const changed = rows.filter((role) => !role.rolcanlogin || role.rolconnlimit !== -1 || role.expired)
  for (const role of changed) {
    await target.query(
      `alter role ${ident(role.rolname)} login connection limit -1${role.expired ? " valid until 'infinity'" : ''}`,
    )
  }
  return async (again) => {
    for (const role of changed) {
      const validUntil = role.expired && role.rolvaliduntil ? ` valid until ${literal(role.rolvaliduntil)}` : ''
      await again.query(
        `alter role ${ident(role.rolname)} ${role.rolcanlogin ? 'login' : 'nologin'} connection limit ${role.rolconnlimit}${validUntil}`,
      )
    }
  }
}
