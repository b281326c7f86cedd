import { type Column, type Relation, type RestFunction, relationKey, SchemaCache } from './schema-cache'

/** An in-memory schema cache for unit tests: authors, items, comments, labels through item_labels. */
export function column(name: string, type = 'text', extra: Partial<Column> = {}): Column {
  const typnames: Record<string, string> = {
    integer: 'int4',
    text: 'text',
    'text[]': '_text',
    jsonb: 'jsonb',
    tsvector: 'tsvector',
  }
  return {
    name,
    position: 0,
    type,
    typname: typnames[type] ?? type,
    category: type.endsWith('[]') ? 'A' : type === 'integer' ? 'N' : 'S',
    nullable: true,
    default: null,
    identity: false,
    generated: false,
    description: null,
    enumValues: null,
    elementTypname: type === 'text[]' ? 'text' : null,
    maxLength: null,
    ...extra,
  }
}

export function relation(
  name: string,
  columns: Column[],
  primaryKey: string[] = ['id'],
  extra: Partial<Relation> = {},
): Relation {
  return {
    schema: 'public',
    name,
    kind: 'table',
    description: null,
    insertable: true,
    updatable: true,
    deletable: true,
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    primaryKey,
    uniqueKeys: primaryKey.length > 0 ? [primaryKey] : [],
    ...extra,
  }
}

export function testSchema(): SchemaCache {
  const cache = new SchemaCache(['public'])
  const add = (r: Relation) => cache.relations.set(relationKey(r.schema, r.name), r)
  add(relation('authors', [column('id', 'integer', { nullable: false }), column('name', 'text', { nullable: false })]))
  add(
    relation('items', [
      column('id', 'integer', { nullable: false, default: "nextval('items_id_seq'::regclass)" }),
      column('name', 'text', { nullable: false, description: 'What it is called' }),
      column('author_id', 'integer'),
      column('editor_id', 'integer'),
      column('tags', 'text[]'),
      column('meta', 'jsonb'),
      column('search', 'tsvector'),
      column('a"b; drop table items; --'),
    ]),
  )
  add(relation('comments', [column('id', 'integer'), column('item_id', 'integer'), column('body')]))
  add(relation('labels', [column('id', 'integer'), column('label')]))
  add(relation('item_labels', [column('item_id', 'integer'), column('label_id', 'integer')], ['item_id', 'label_id']))
  const fk = (name: string, table: string, columns: string[], refTable: string) =>
    cache.foreignKeys.push({
      name,
      schema: 'public',
      table,
      columns,
      refSchema: 'public',
      refTable,
      refColumns: ['id'],
    })
  fk('items_author_id_fkey', 'items', ['author_id'], 'authors')
  fk('items_editor_id_fkey', 'items', ['editor_id'], 'authors')
  fk('comments_item_id_fkey', 'comments', ['item_id'], 'items')
  fk('item_labels_item_id_fkey', 'item_labels', ['item_id'], 'items')
  fk('item_labels_label_id_fkey', 'item_labels', ['label_id'], 'labels')
  const fn: RestFunction = {
    schema: 'public',
    name: 'add',
    description: 'Adds two numbers',
    volatility: 'immutable',
    returnsSet: false,
    returnType: 'integer',
    returns: { kind: 'scalar' },
    args: [
      { name: 'a', type: 'integer', hasDefault: false },
      { name: 'b', type: 'integer', hasDefault: true },
    ],
    variadic: false,
  }
  cache.functions.set(relationKey('public', 'add'), [fn])
  return cache
}
