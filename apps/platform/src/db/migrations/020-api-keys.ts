import { type Kysely, sql } from 'kysely'

/**
 * Publishable and secret API keys, and the switch that turns the legacy JWT keys off. A key is looked up by its
 * SHA-256 (unique over all projects, so a key names its project); its value is kept sealed with the platform's
 * secret box, for revealing it to members who may. Existing projects get their default keys on first use
 * (sealing needs the box's key file, which a migration does not have): `api_keys_provisioned_at` records that
 * they have had them, so a project whose owner deleted its defaults does not get them back.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('legacy_api_keys_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('api_keys_provisioned_at', 'timestamptz')
    .execute()
  await db.schema
    .createTable('project_api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_ref', 'text', (c) => c.notNull().references('projects.ref').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('publishable', 'secret')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // the key's first characters, shown where the key is masked
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('secret_jwt_template', 'jsonb')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('inserted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('project_api_keys_name')
    .on('project_api_keys')
    .columns(['project_ref', 'type', 'name'])
    .unique()
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_api_keys').execute()
  await db.schema.alterTable('projects').dropColumn('api_keys_provisioned_at').execute()
  await db.schema.alterTable('projects').dropColumn('legacy_api_keys_enabled').execute()
}
