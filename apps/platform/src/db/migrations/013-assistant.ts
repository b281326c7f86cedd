import { type Kysely, sql } from 'kysely'

/**
 * The assistant: conversations per project and user; the schemas whose metadata may be sent, per project; an
 * organization's own model settings (the key encrypted with the platform's key, see assistant/key-encryption.ts)
 * and its HIPAA add-on, under which no metadata is ever sent.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assistant_conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('messages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('assistant_conversations_owner')
    .on('assistant_conversations')
    .columns(['project_id', 'user_id', 'updated_at'])
    .execute()
  await db.schema
    .alterTable('projects')
    .addColumn('ai_schemas', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{public}'`))
    .execute()
  await db.schema
    .alterTable('organizations')
    .addColumn('ai_provider', 'text')
    .addColumn('ai_base_url', 'text')
    .addColumn('ai_model', 'text')
    .addColumn('ai_api_key_encrypted', 'text')
    .addColumn('hipaa_addon', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assistant_conversations').execute()
  await db.schema.alterTable('projects').dropColumn('ai_schemas').execute()
  await db.schema
    .alterTable('organizations')
    .dropColumn('ai_provider')
    .dropColumn('ai_base_url')
    .dropColumn('ai_model')
    .dropColumn('ai_api_key_encrypted')
    .dropColumn('hipaa_addon')
    .execute()
}
