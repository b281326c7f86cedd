import type { DatabaseExtension } from '@pgfleet/contracts'
import type pg from 'pg'
import { availabilityOf } from './allow-list'

/**
 * Every extension the server has control files for, with the default version's `trusted` flag and where it is
 * installed. pg_available_extension_versions reads the control files, a few milliseconds for the whole set.
 */
const EXTENSIONS_SQL = `
select e.name, e.default_version, x.extversion as installed_version, n.nspname as schema, e.comment,
  coalesce(v.trusted, false) as trusted
from pg_catalog.pg_available_extensions() as e(name, default_version, comment)
left join pg_catalog.pg_available_extension_versions v on v.name = e.name and v.version = e.default_version
left join pg_catalog.pg_extension x on x.extname = e.name
left join pg_catalog.pg_namespace n on n.oid = x.extnamespace
where $1::text is null or e.name = $1
order by e.name`

interface ExtensionRow {
  name: string
  default_version: string | null
  installed_version: string | null
  schema: string | null
  comment: string | null
  trusted: boolean
}

const toExtension = ({ trusted, ...row }: ExtensionRow): DatabaseExtension => ({
  ...row,
  ...availabilityOf(row.name, trusted),
})

/** Every available extension, as the extensions page shows it. */
export async function readExtensions(client: pg.ClientBase): Promise<DatabaseExtension[]> {
  const { rows } = await client.query<ExtensionRow>(EXTENSIONS_SQL, [null])
  return rows.map(toExtension)
}

/** One extension, or undefined when the server has no control file for it. */
export async function readExtension(client: pg.ClientBase, name: string): Promise<DatabaseExtension | undefined> {
  const { rows } = await client.query<ExtensionRow>(EXTENSIONS_SQL, [name])
  return rows[0] && toExtension(rows[0])
}
