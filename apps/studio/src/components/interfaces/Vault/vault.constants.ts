export const VAULT_TITLE = 'Vault'
export const VAULT_DESCRIPTION =
  'Vault keeps secrets (API keys, tokens) encrypted inside the database with the supabase_vault extension; SQL reads them decrypted through the vault.decrypted_secrets view.'
export const LOAD_EXTENSIONS_ERROR_TITLE = 'Failed to load extensions'

export const VAULT_EXTENSION = 'supabase_vault'
export const PGSODIUM_EXTENSION = 'pgsodium'
export const PGCRYPTO_EXTENSION = 'pgcrypto'
/** The extensions the page reports on, in the order shown. */
export const VAULT_RELATED_EXTENSIONS = [
  { name: VAULT_EXTENSION, purpose: 'Vault: encrypted secrets in the vault schema' },
  { name: PGSODIUM_EXTENSION, purpose: 'libsodium encryption that older Vault versions build on' },
  { name: PGCRYPTO_EXTENSION, purpose: 'Encryption functions such as pgp_sym_encrypt and pgp_sym_decrypt' },
] as const

export const EXTENSIONS_TITLE = 'Extensions on this project’s server'
export const EXTENSION_HEADERS = ['Extension', 'What it gives', 'Availability'] as const
export const AVAILABILITY_LABELS = {
  installed: (version: string) => `Installed (${version})`,
  available: 'Available, not enabled',
  unavailable: 'Not available on this server',
} as const

export const VAULT_INSTALLED_TITLE = (version: string) => `Vault is enabled (version ${version})`
export const VAULT_INSTALLED_TEXT = 'Add and read secrets with SQL in the'
export const VAULT_INSTALLED_SQL = `select vault.create_secret('my-secret-value', 'my_secret', 'what it is for');
select name, decrypted_secret from vault.decrypted_secrets;`

export const VAULT_AVAILABLE_TITLE = 'Vault is available on this server but not enabled'
export const VAULT_AVAILABLE_TEXT = 'Enable it by running this in the'
export const ENABLE_VAULT_SQL = `create extension if not exists ${VAULT_EXTENSION} cascade;`

export const VAULT_UNAVAILABLE_TITLE = 'Vault is not available for this project'
export const VAULT_UNAVAILABLE_TEXT = `This project’s Postgres server does not have the ${VAULT_EXTENSION} extension (the embedded Postgres builds pgfleet installs from npm do not ship it), so secrets cannot be kept in Vault here.`
export const PGCRYPTO_ALTERNATIVE_TEXT =
  'The alternative: pgcrypto is available. Encrypt values with a key kept outside the database, and store only the ciphertext:'
export const ENABLE_PGCRYPTO_SQL = `create extension if not exists ${PGCRYPTO_EXTENSION};`
export const PGCRYPTO_EXAMPLE_SQL = `select pgp_sym_encrypt('my-secret-value', 'key-kept-outside-the-database');`
export const NO_ALTERNATIVE_TEXT =
  'pgcrypto is not available either: encrypt secrets in your application before storing them.'
export const SQL_EDITOR_LINK = 'SQL editor'
