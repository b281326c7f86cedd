import { asNode, someNode, type TypedNode, walkExecuted } from './ast'
import type { ParsedSql } from './parser'

/** The cached metadata lists of the dashboard that SQL can make stale. */
export const CACHED_LISTS = [
  'tables',
  'schemas',
  'functions',
  'triggers',
  'policies',
  'types',
  'roles',
  'indexes',
  'extensions',
] as const

export type CachedList = (typeof CACHED_LISTS)[number]

const TABLE_LIKE: readonly CachedList[] = ['tables']

/** The list an object type appears in (views and materialized views are in the tables list). */
const LIST_OF_OBJECT: Readonly<Record<string, readonly CachedList[]>> = {
  OBJECT_TABLE: TABLE_LIKE,
  OBJECT_VIEW: TABLE_LIKE,
  OBJECT_MATVIEW: TABLE_LIKE,
  OBJECT_FOREIGN_TABLE: TABLE_LIKE,
  OBJECT_COLUMN: TABLE_LIKE,
  OBJECT_TABCONSTRAINT: ['tables', 'indexes'],
  OBJECT_SCHEMA: ['schemas'],
  OBJECT_FUNCTION: ['functions'],
  OBJECT_PROCEDURE: ['functions'],
  OBJECT_ROUTINE: ['functions'],
  OBJECT_AGGREGATE: ['functions'],
  OBJECT_TRIGGER: ['triggers'],
  OBJECT_EVENT_TRIGGER: ['triggers'],
  OBJECT_POLICY: ['policies'],
  OBJECT_TYPE: ['types'],
  OBJECT_DOMAIN: ['types'],
  OBJECT_DOMCONSTRAINT: ['types'],
  OBJECT_ATTRIBUTE: ['types'],
  OBJECT_ROLE: ['roles'],
  OBJECT_INDEX: ['indexes'],
  OBJECT_EXTENSION: ['extensions'],
}

const TABLE_CONTENTS: readonly CachedList[] = ['indexes', 'triggers', 'policies']
const SCHEMA_CONTENTS: readonly CachedList[] = ['tables', 'functions', 'triggers', 'policies', 'types', 'indexes']
const EXTENSION_CONTENTS: readonly CachedList[] = ['extensions', 'functions', 'types', 'tables']

/** Dropping, renaming or moving a container also changes the lists showing what it holds. */
const CONTENTS_OF_OBJECT: Readonly<Record<string, readonly CachedList[]>> = {
  OBJECT_TABLE: TABLE_CONTENTS,
  OBJECT_VIEW: TABLE_CONTENTS,
  OBJECT_MATVIEW: TABLE_CONTENTS,
  OBJECT_FOREIGN_TABLE: TABLE_CONTENTS,
  OBJECT_SCHEMA: SCHEMA_CONTENTS,
  OBJECT_EXTENSION: EXTENSION_CONTENTS,
}

const byObject = (objectType: unknown): readonly CachedList[] => LIST_OF_OBJECT[String(objectType)] ?? []
const withContents = (objectType: unknown): readonly CachedList[] => [
  ...byObject(objectType),
  ...(CONTENTS_OF_OBJECT[String(objectType)] ?? []),
]

/** Statements whose lists do not depend on their fields. */
const FIXED: Readonly<Record<string, readonly CachedList[]>> = {
  CreateTableAsStmt: TABLE_LIKE,
  ViewStmt: TABLE_LIKE,
  CreateForeignTableStmt: TABLE_LIKE,
  ImportForeignSchemaStmt: TABLE_LIKE,
  IndexStmt: ['indexes'],
  CreateTrigStmt: ['triggers'],
  CreateEventTrigStmt: ['triggers'],
  AlterEventTrigStmt: ['triggers'],
  CreatePolicyStmt: ['policies'],
  AlterPolicyStmt: ['policies'],
  CreateFunctionStmt: ['functions'],
  AlterFunctionStmt: ['functions'],
  CompositeTypeStmt: ['types'],
  CreateEnumStmt: ['types'],
  CreateRangeStmt: ['types'],
  AlterEnumStmt: ['types'],
  CreateDomainStmt: ['types'],
  AlterDomainStmt: ['types'],
  AlterTypeStmt: ['types'],
  CreateSchemaStmt: ['schemas'],
  CreateExtensionStmt: EXTENSION_CONTENTS,
  AlterExtensionStmt: EXTENSION_CONTENTS,
  AlterExtensionContentsStmt: EXTENSION_CONTENTS,
  CreateRoleStmt: ['roles'],
  AlterRoleStmt: ['roles'],
  AlterRoleSetStmt: ['roles'],
  DropRoleStmt: ['roles'],
  GrantRoleStmt: ['roles'],
  ReassignOwnedStmt: ['schemas', 'tables', 'functions', 'types'],
  DropOwnedStmt: SCHEMA_CONTENTS.concat('schemas'),
  // an anonymous code block can change anything
  DoStmt: CACHED_LISTS,
}

const INDEX_BACKED = new Set(['CONSTR_PRIMARY', 'CONSTR_UNIQUE', 'CONSTR_EXCLUSION'])

const createsIndex = (value: unknown): boolean =>
  someNode(value, (node) => node.type === 'Constraint' && INDEX_BACKED.has(String(node.body.contype)))

/** Extra lists an ALTER TABLE command changes besides the table itself. */
function alterTableCommandLists(command: TypedNode): readonly CachedList[] {
  const subtype = String(command.body.subtype)
  if (subtype.endsWith('RowSecurity')) return ['policies']
  if (/^AT_(Enable|Disable)\w*Trig/.test(subtype)) return ['triggers']
  if (['AT_AddIndex', 'AT_AddIndexConstraint', 'AT_DropConstraint', 'AT_DropColumn'].includes(subtype)) {
    return ['indexes']
  }
  if (subtype === 'AT_AddConstraint' || subtype === 'AT_AddColumn')
    return createsIndex(command.body.def) ? ['indexes'] : []
  return []
}

function alterTableLists(node: TypedNode): readonly CachedList[] {
  const objtype = String(node.body.objtype)
  if (objtype === 'OBJECT_INDEX') return ['indexes']
  if (objtype === 'OBJECT_TYPE') return ['types']
  if (!(objtype in CONTENTS_OF_OBJECT)) return []
  const commands = Array.isArray(node.body.cmds) ? node.body.cmds : []
  return [
    'tables',
    ...commands.flatMap((command) => {
      const typed = asNode(command)
      return typed ? alterTableCommandLists(typed) : []
    }),
  ]
}

function listsOf(node: TypedNode): readonly CachedList[] {
  const { body } = node
  switch (node.type) {
    case 'CreateStmt':
      return createsIndex(body.tableElts) ? ['tables', 'indexes'] : TABLE_LIKE
    case 'AlterTableStmt':
      return alterTableLists(node)
    case 'DefineStmt':
      if (body.kind === 'OBJECT_AGGREGATE') return ['functions']
      return body.kind === 'OBJECT_TYPE' ? ['types'] : []
    case 'DropStmt':
      return withContents(body.removeType)
    case 'RenameStmt':
      return withContents(body.renameType)
    case 'AlterObjectSchemaStmt':
      return withContents(body.objectType)
    case 'AlterOwnerStmt':
      return byObject(body.objectType)
    case 'CommentStmt':
      return byObject(body.objtype)
    case 'GrantStmt':
      return byObject(body.objtype)
    default:
      return FIXED[node.type] ?? []
  }
}

/**
 * The cached lists that the SQL changes, in the order of `CACHED_LISTS`. Empty for queries,
 * DML and SQL with a syntax error. The mapping is documented in the package README.
 */
export function invalidatedLists(parsed: ParsedSql): CachedList[] {
  const changed = new Set<CachedList>()
  for (const statement of parsed.statements) {
    walkExecuted(statement.node, (node) => {
      for (const list of listsOf(node)) changed.add(list)
    })
  }
  return CACHED_LISTS.filter((list) => changed.has(list))
}
