import type { Kysely } from 'kysely'

/**
 * Instance administrators: the people who run the platform, apart from any organization's roles. Only they set an
 * organization's plan. The user named by PGFLEET_ADMIN_EMAIL is marked at each start.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('instance_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}
