import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jwt_secret_updates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_ref', 'text', (c) => c.notNull().references('projects.ref').onDelete('cascade'))
    .addColumn('change_tracking_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'text')
    .addColumn('error', 'text')
    // the secret being installed; cleared once the update is over, so only projects.jwt_secret holds it
    .addColumn('new_secret', 'text')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('jwt_secret_updates_project_idx')
    .on('jwt_secret_updates')
    .columns(['project_ref', 'id'])
    .execute()
  // one update at a time per project, enforced by the database so two clicks cannot start two
  await db.schema
    .createIndex('jwt_secret_updates_one_running')
    .on('jwt_secret_updates')
    .column('project_ref')
    .unique()
    .where(sql.ref('status'), '=', 'Updating')
    .execute()

  await db.schema
    .createTable('custom_hostnames')
    .addColumn('project_ref', 'text', (c) => c.primaryKey().references('projects.ref').onDelete('cascade'))
    .addColumn('hostname', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('verification_token', 'text', (c) => c.notNull())
    .addColumn('verification_errors', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_hostnames').execute()
  await db.schema.dropTable('jwt_secret_updates').execute()
}
