import type { Kysely } from 'kysely'

/** Branches with data: whether a branch starts from a copy of its parent's data, and how that copy was made. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('project_branches')
    .addColumn('with_data', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('data_copy_method', 'text')
    .addColumn('data_copy_ms', 'integer')
    .execute()
}
