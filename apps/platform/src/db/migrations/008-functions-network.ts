import type { Kysely } from 'kysely'
import { sql } from 'kysely'

/** What a project's edge functions may reach beyond the internet (loopback and private addresses are denied). */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('functions_network_allow', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'::text[]`))
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('functions_network_allow').execute()
}
