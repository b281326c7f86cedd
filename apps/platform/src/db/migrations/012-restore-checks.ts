import type { Kysely } from 'kysely'

/** The last restore check of a project's backups: when, which backup, and how it went (null while it runs). */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('restore_check_at', 'timestamptz')
    .addColumn('restore_check_backup_id', 'integer')
    .addColumn('restore_check_ok', 'boolean')
    .addColumn('restore_check_detail', 'text')
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .dropColumn('restore_check_at')
    .dropColumn('restore_check_backup_id')
    .dropColumn('restore_check_ok')
    .dropColumn('restore_check_detail')
    .execute()
}
