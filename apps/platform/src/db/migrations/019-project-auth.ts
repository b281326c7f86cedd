import { type Kysely, sql } from 'kysely'

/**
 * Each project's auth server: the password of its own database role (`supabase_auth_admin`, made on first use) and
 * the settings that differ from the defaults, in the hosted Management API's field names.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project_auth')
    .addColumn('project_ref', 'text', (c) => c.primaryKey().references('projects.ref').onDelete('cascade'))
    .addColumn('admin_password', 'text', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
