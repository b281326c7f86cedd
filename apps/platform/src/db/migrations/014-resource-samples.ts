import { type Kysely, sql } from 'kysely'

/**
 * Each project's disk size (null: the platform's default) and read-only mode, and the platform's samples of its
 * resources (kept for 7 days). Counters are cumulative as read; rates are worked out against the sample before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('disk_size_bytes', 'bigint')
    .addColumn('readonly_mode_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('readonly_mode_changed_at', 'timestamptz')
    .execute()
  await db.schema
    .createTable('resource_samples')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('sampled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('disk_size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('disk_used_bytes', 'bigint', (c) => c.notNull())
    .addColumn('database_bytes', 'bigint', (c) => c.notNull())
    .addColumn('wal_bytes', 'bigint', (c) => c.notNull())
    .addColumn('temp_bytes', 'bigint', (c) => c.notNull())
    .addColumn('wal_archive_bytes', 'bigint', (c) => c.notNull())
    .addColumn('storage_bytes', 'bigint', (c) => c.notNull())
    .addColumn('cpu_seconds', 'float8')
    .addColumn('io_bytes', 'bigint')
    .addColumn('memory_bytes', 'bigint')
    .addColumn('swap_bytes', 'bigint')
    .addColumn('cpu_percent', 'float8')
    .addColumn('disk_io_bytes_per_second', 'float8')
    .addColumn('function_invocations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_api_requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_api_egress_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('auth_rate_limit_hits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('resource_samples_project_time')
    .on('resource_samples')
    .columns(['project_id', 'sampled_at'])
    .execute()
  await db.schema.createIndex('resource_samples_time').on('resource_samples').column('sampled_at').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource_samples').execute()
  await db.schema
    .alterTable('projects')
    .dropColumn('disk_size_bytes')
    .dropColumn('readonly_mode_enabled')
    .dropColumn('readonly_mode_changed_at')
    .execute()
}
