import type { Kysely } from 'kysely'
import { sql } from 'kysely'

/** Database upgrades: one row per attempt, with each progress key reached and when. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project_upgrades')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tracking_id', 'text', (c) => c.notNull().unique())
    .addColumn('project_ref', 'text', (c) => c.notNull())
    .addColumn('source_major', 'integer', (c) => c.notNull())
    .addColumn('target_major', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('full_backup', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('error', 'text')
    .addColumn('started_by', 'integer')
    .addColumn('initiated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('latest_status_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('project_upgrades_project_idx')
    .on('project_upgrades')
    .columns(['project_ref', 'initiated_at'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_upgrades').execute()
}
