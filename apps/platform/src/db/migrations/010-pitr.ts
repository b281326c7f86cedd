import type { Kysely } from 'kysely'

/**
 * Point-in-time recovery: the add-on's retention (null = off) and since when the WAL has been archived (no
 * recovery reaches before it), plus the instant an in-place restore is replaying to.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('pitr_retention_days', 'integer')
    .addColumn('pitr_enabled_at', 'timestamptz')
    .addColumn('pending_recovery_target', 'timestamptz')
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .dropColumn('pitr_retention_days')
    .dropColumn('pitr_enabled_at')
    .dropColumn('pending_recovery_target')
    .execute()
}
