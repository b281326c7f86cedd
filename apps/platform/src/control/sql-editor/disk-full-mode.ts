import { freesSpaceOnly, parseSql } from '@pgfleet/sql'
import type { PreparedSql } from './prepare'
import { clientSqlError } from './query-errors'
import type { SqlAccess } from './running-queries'

export const DISK_FULL_SQL_MESSAGE =
  'The project is read-only because its disk is nearly full: until it has room again, SQL runs read-only, except a query made only of DROP and TRUNCATE statements, which runs on its own to free space'

/**
 * How the editor opens the transaction of a query:
 * - `read-only`: BEGIN READ ONLY, whatever the session's defaults (a read-only member, or a project whose disk is
 *   nearly full: a session default the tenant's SQL turned off must not let it write);
 * - `free-space`: BEGIN READ WRITE, for a query made only of DROP and TRUNCATE on a project whose disk is nearly
 *   full: the way out that read-only mode promises, run as the tenant's owner like any editor query;
 * - `as-is`: no transaction of the platform's.
 */
export type EditorTransaction = 'read-only' | 'free-space' | 'as-is'

export async function editorTransaction(
  access: SqlAccess,
  projectReadOnly: boolean,
  prepared: PreparedSql,
): Promise<EditorTransaction> {
  if (access === 'read') return 'read-only'
  if (!projectReadOnly) return 'as-is'
  if (freesSpaceOnly(await parseSql(prepared.text))) return 'free-space'
  // ending the read-only transaction would let what follows write
  if (prepared.controlsTransaction) throw clientSqlError(DISK_FULL_SQL_MESSAGE, '25006')
  return 'read-only'
}
