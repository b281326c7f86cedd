import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // one row per function: the live version; the files of that version live on disk (see edge-functions/store.ts)
  await db.schema
    .createTable('edge_functions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_ref', 'text', (c) => c.notNull().references('projects.ref').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('verify_jwt', 'boolean', (c) => c.notNull())
    .addColumn('entrypoint_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('edge_functions_project_slug_key', ['project_ref', 'slug'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('edge_functions').execute()
}
