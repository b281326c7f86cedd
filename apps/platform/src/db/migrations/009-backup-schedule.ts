import type { Kysely } from 'kysely'

/**
 * Scheduled backups: each project's interval and retention (null = the plan's), when the scheduler last tried
 * and why that failed, and the backup an in-place restore is putting back (read by the restore job after a crash).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('backup_interval_hours', 'integer', (column) => column.notNull().defaultTo(24))
    .addColumn('backup_retention_days', 'integer')
    .addColumn('last_backup_attempt_at', 'timestamptz')
    .addColumn('last_backup_error', 'text')
    .addColumn('pending_restore_backup_id', 'integer')
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .dropColumn('backup_interval_hours')
    .dropColumn('backup_retention_days')
    .dropColumn('last_backup_attempt_at')
    .dropColumn('last_backup_error')
    .dropColumn('pending_restore_backup_id')
    .execute()
}
