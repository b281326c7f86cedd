import type pg from 'pg'

interface RoleRow {
  rolname: string
  rolsuper: boolean
  rolinherit: boolean
  rolcreaterole: boolean
  rolcreatedb: boolean
  rolcanlogin: boolean
  rolreplication: boolean
  rolbypassrls: boolean
  rolconnlimit: number
  rolpassword: string | null
  rolvaliduntil: string | null
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`

/**
 * Creates on `target` every role of `source` it lacks, with the same attributes and password verifier (a
 * SCRAM verifier is accepted as already hashed, so passwords keep working), then the memberships and the
 * per-role settings. `target`'s own bootstrap superuser is left as initdb made it.
 */
export async function copyRoles(source: pg.ClientBase, target: pg.ClientBase): Promise<string[]> {
  const { rows } = await source.query<RoleRow>(
    `select rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls,
            rolconnlimit, rolpassword, rolvaliduntil::text
       from pg_authid where rolname !~ '^pg_' order by oid`,
  )
  const existing = new Set(
    (await target.query<{ rolname: string }>('select rolname from pg_roles')).rows.map((row) => row.rolname),
  )
  const created: string[] = []
  for (const role of rows) {
    const options = [
      role.rolsuper ? 'SUPERUSER' : 'NOSUPERUSER',
      role.rolinherit ? 'INHERIT' : 'NOINHERIT',
      role.rolcreaterole ? 'CREATEROLE' : 'NOCREATEROLE',
      role.rolcreatedb ? 'CREATEDB' : 'NOCREATEDB',
      role.rolcanlogin ? 'LOGIN' : 'NOLOGIN',
      role.rolreplication ? 'REPLICATION' : 'NOREPLICATION',
      role.rolbypassrls ? 'BYPASSRLS' : 'NOBYPASSRLS',
      `CONNECTION LIMIT ${role.rolconnlimit}`,
      role.rolpassword ? `PASSWORD ${literal(role.rolpassword)}` : 'PASSWORD NULL',
      ...(role.rolvaliduntil ? [`VALID UNTIL ${literal(role.rolvaliduntil)}`] : []),
    ].join(' ')
    if (existing.has(role.rolname)) {
      // initdb's superuser is the platform's: it keeps what the new cluster gave it
      if (role.rolsuper) continue
      await target.query(`alter role ${ident(role.rolname)} with ${options}`)
    } else {
      await target.query(`create role ${ident(role.rolname)} with ${options}`)
      created.push(role.rolname)
    }
  }
  const { rows: memberships } = await source.query<{ role: string; member: string; admin: boolean }>(
    `select r.rolname as role, m.rolname as member, a.admin_option as admin
       from pg_auth_members a join pg_roles r on r.oid = a.roleid join pg_roles m on m.oid = a.member
      where m.rolname !~ '^pg_' and not (r.rolsuper or m.rolsuper)`,
  )
  for (const grant of memberships) {
    await target.query(`grant ${ident(grant.role)} to ${ident(grant.member)}${grant.admin ? ' with admin option' : ''}`)
  }
  const { rows: settings } = await source.query<{ role: string; setting: string }>(
    `select r.rolname as role, unnest(s.setconfig) as setting
       from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where s.setdatabase = 0`,
  )
  for (const { role, setting } of settings) {
    const at = setting.indexOf('=')
    await target.query(
      `alter role ${ident(role)} set ${ident(setting.slice(0, at))} = ${literal(setting.slice(at + 1))}`,
    )
  }
  return created
}
