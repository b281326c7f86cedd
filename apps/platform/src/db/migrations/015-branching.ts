import { type Kysely, sql } from 'kysely'

/**
 * Git connections (a repository per project, its token sealed by the platform's secret key), the parent's branching
 * settings, and preview branches: each branch is a project of its own, linked to its parent here.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('git_connections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('repository_url', 'text', (c) => c.notNull())
    .addColumn('token_sealed', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('inserted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .alterTable('projects')
    .addColumn('branching_connection_id', 'integer', (c) => c.references('git_connections.id').onDelete('set null'))
    .addColumn('branching_production_branch', 'text')
    .execute()
  await db.schema
    .createTable('project_branches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'integer', (c) => c.notNull().unique().references('projects.id').onDelete('cascade'))
    .addColumn('parent_project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('connection_id', 'integer', (c) => c.references('git_connections.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('git_branch', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_error', 'text')
    .addColumn('failed_migration', 'text')
    .addColumn('reset_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('project_branches_parent').on('project_branches').column('parent_project_id').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_branches').execute()
  await db.schema
    .alterTable('projects')
    .dropColumn('branching_connection_id')
    .dropColumn('branching_production_branch')
    .execute()
  await db.schema.dropTable('git_connections').execute()
}
