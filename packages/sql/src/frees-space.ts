import type { ParsedSql } from './parser'

/**
 * Whether every statement of a script is a DROP of a schema object or a TRUNCATE: the statements that give disk
 * space back at once (a database, role or tablespace drop is another statement type and does not count). A
 * project whose disk is full may run such a script read-write and nothing else. Comments and strings do not count;
 * SQL that does not parse, or has no statement, is not such a script.
 */
export function freesSpaceOnly(parsed: ParsedSql): boolean {
  if (parsed.error || parsed.statements.length === 0) return false
  return parsed.statements.every((statement) => statement.type === 'TruncateStmt' || statement.type === 'DropStmt')
}
