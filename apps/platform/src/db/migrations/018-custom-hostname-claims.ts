import { type Kysely, sql } from 'kysely'

/**
 * A custom hostname is a claim until its TXT record proves it: several projects may claim the same hostname, and
 * only a proven (verified or active) one is unique. `claimed_at` dates the claim, so an unproven one can expire.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('custom_hostnames').dropConstraint('custom_hostnames_hostname_key').execute()
  await db.schema
    .alterTable('custom_hostnames')
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('custom_hostnames_proven_hostname')
    .on('custom_hostnames')
    .column('hostname')
    .unique()
    .where(sql.ref('status'), '<>', '2_initiated')
    .execute()
  await db.schema.createIndex('custom_hostnames_hostname').on('custom_hostnames').column('hostname').execute()
}
