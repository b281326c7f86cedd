import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    // the creation job reads the password verifier from here, so a lost job can be re-sent after a crash
    .addColumn('pending_password_verifier', 'text')
    // where a resize is going, while status is RESIZING
    .addColumn('pending_compute_size', 'text')
    // the port a paused project had: restore tries to get it back so the connection string stays the same
    .addColumn('last_port', 'integer')
    .execute()

  await db.schema
    .createTable('backups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('postgres_major', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('backups_project_idx').on('backups').columns(['project_id', 'created_at']).execute()

  await db.schema
    .createTable('project_operations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_ref', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('step', 'text')
    .addColumn('progress', 'real')
    .addColumn('error', 'text')
    .addColumn('started_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('project_operations_ref_idx')
    .on('project_operations')
    .columns(['project_ref', 'created_at'])
    .execute()

  await db.schema
    .createTable('exit_feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('project_ref', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('reasons', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('exit_action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exit_feedback').execute()
  await db.schema.dropTable('project_operations').execute()
  await db.schema.dropTable('backups').execute()
  await db.schema
    .alterTable('projects')
    .dropColumn('pending_password_verifier')
    .dropColumn('pending_compute_size')
    .dropColumn('last_port')
    .execute()
}
