import { asNode, type TypedNode, walkExecuted } from './ast'
import type { ParsedSql } from './parser'

export type DestructiveKind =
  | 'drop'
  | 'delete'
  | 'truncate'
  | 'update-without-where'
  | 'drop-column'
  | 'drop-constraint'

export interface DestructiveOperation {
  /** Index of the statement in `splitStatements`. */
  statement: number
  kind: DestructiveKind
  /** For drops: what is dropped, in lower case ('table', 'function', 'database', 'role'...). */
  objectType?: string
  /** The statement's text. */
  text: string
}

/** DROP statements that are not `DropStmt` in the tree, and what they drop. */
const OTHER_DROPS: Readonly<Record<string, string>> = {
  DropdbStmt: 'database',
  DropRoleStmt: 'role',
  DropTableSpaceStmt: 'tablespace',
  DropSubscriptionStmt: 'subscription',
  DropOwnedStmt: 'owned',
  DropUserMappingStmt: 'user mapping',
}

const objectTypeName = (value: unknown): string =>
  String(value ?? '')
    .replace(/^OBJECT_/, '')
    .toLowerCase()
    .replaceAll('_', ' ')

type Found = Omit<DestructiveOperation, 'statement' | 'text'>

function operationsOf(node: TypedNode): Found[] {
  switch (node.type) {
    case 'DropStmt':
      return [{ kind: 'drop', objectType: objectTypeName(node.body.removeType) }]
    case 'DeleteStmt':
      return [{ kind: 'delete' }]
    case 'TruncateStmt':
      return [{ kind: 'truncate' }]
    case 'UpdateStmt':
      return node.body.whereClause ? [] : [{ kind: 'update-without-where' }]
    case 'MergeStmt':
      return mergeDeletes(node)
    case 'AlterTableStmt':
      return alterTableDrops(node)
    case 'AlterDomainStmt':
      // subtype 'X' is DROP CONSTRAINT
      return node.body.subtype === 'X' ? [{ kind: 'drop-constraint' }] : []
    default: {
      const dropped = OTHER_DROPS[node.type]
      return dropped ? [{ kind: 'drop', objectType: dropped }] : []
    }
  }
}

function mergeDeletes(node: TypedNode): Found[] {
  const clauses = Array.isArray(node.body.mergeWhenClauses) ? node.body.mergeWhenClauses : []
  const deletes = clauses.some((clause) => asNode(clause)?.body.commandType === 'CMD_DELETE')
  return deletes ? [{ kind: 'delete' }] : []
}

function alterTableDrops(node: TypedNode): Found[] {
  const commands = Array.isArray(node.body.cmds) ? node.body.cmds : []
  return commands.flatMap((command): Found[] => {
    const subtype = asNode(command)?.body.subtype
    if (subtype === 'AT_DropColumn') return [{ kind: 'drop-column' }]
    if (subtype === 'AT_DropConstraint') return [{ kind: 'drop-constraint' }]
    return []
  })
}

/**
 * The destructive operations a script would run: any DROP, any DELETE (also a MERGE that
 * deletes), TRUNCATE, UPDATE without WHERE, and ALTER TABLE ... DROP COLUMN / DROP CONSTRAINT.
 * Data-modifying CTEs and EXPLAIN ANALYZE count; text inside strings, comments and function
 * bodies does not (it is not run by the script). SQL with a syntax error has none: Postgres
 * parses the whole script before running any of it, so it would run nothing.
 */
export function destructiveStatements(parsed: ParsedSql): DestructiveOperation[] {
  return parsed.statements.flatMap((statement) => {
    const found: DestructiveOperation[] = []
    walkExecuted(statement.node, (node) => {
      for (const operation of operationsOf(node)) {
        found.push({ statement: statement.index, ...operation, text: statement.text })
      }
    })
    return found
  })
}

export function isDestructive(parsed: ParsedSql): boolean {
  return destructiveStatements(parsed).length > 0
}
