import { type Kysely, sql } from 'kysely'

/** SQL editor: saved snippets, their folders, and each project's statement timeout for editor queries. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('sql_statement_timeout_ms', 'integer', (c) => c.notNull().defaultTo(60_000))
    .execute()

  await db.schema
    .createTable('content_folders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'uuid', (c) => c.references('content_folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // the name folded in JavaScript (Unicode-aware), since the control plane may run with the C locale
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('content_folders_name_key')
    .on('content_folders')
    .columns(['project_id', 'owner_id', 'name_key'])
    .unique()
    .execute()

  await db.schema
    .createTable('content')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'uuid', (c) => c.references('content_folders.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('sql'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('user', 'project')`))
    .addColumn('favorite', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sql', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('schema_version', 'text', (c) => c.notNull().defaultTo('1.0'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('inserted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('content_shared_not_in_folder', sql`visibility = 'user' or folder_id is null`)
    .execute()
  await db.schema.createIndex('content_project_idx').on('content').columns(['project_id', 'owner_id']).execute()
  await db.schema.createIndex('content_folder_idx').on('content').column('folder_id').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content').execute()
  await db.schema.dropTable('content_folders').execute()
  await db.schema.alterTable('projects').dropColumn('sql_statement_timeout_ms').execute()
}
