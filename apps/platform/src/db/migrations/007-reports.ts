import type { Kysely } from 'kysely'
import { sql } from 'kysely'

/**
 * Reports share the content table with SQL snippets (same owners, visibility, versions and permissions);
 * a report keeps its layout of query cards as JSON and never sits in a folder.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content').addColumn('layout', 'jsonb').execute()
  await db.schema
    .alterTable('content')
    .addCheckConstraint('content_type_known', sql`type in ('sql', 'report')`)
    .execute()
  await db.schema
    .alterTable('content')
    .addCheckConstraint('content_report_not_in_folder', sql`type = 'sql' or folder_id is null`)
    .execute()
  await db.schema.createIndex('content_project_type_idx').on('content').columns(['project_id', 'type']).execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('content_project_type_idx').execute()
  await db.schema.alterTable('content').dropConstraint('content_report_not_in_folder').execute()
  await db.schema.alterTable('content').dropConstraint('content_type_known').execute()
  await db.schema.alterTable('content').dropColumn('layout').execute()
}
