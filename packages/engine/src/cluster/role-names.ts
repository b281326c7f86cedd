/** The API roles the hosted product creates; the data API logs in as authenticator and switches role per request. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export const AUTHENTICATOR_ROLE = 'authenticator'
/**
 * The platform's own superuser in every project (the bootstrap role, OID 10). It has no password, so it can only
 * log in over the project's unix socket, whose directory only the platform's OS user and the project's reach.
 */
export const PLATFORM_SUPERUSER = 'pgfleet_admin'
/** The tenant's database owner: everything a database owner needs, never superuser or server file access. */
export const TENANT_OWNER_ROLE = 'postgres'
/** Memberships of the tenant's owner role (read and write every table, monitor and cancel its own sessions). */
export const TENANT_OWNER_MEMBERSHIPS = ['pg_read_all_data', 'pg_write_all_data', 'pg_monitor', 'pg_signal_backend']
/** Predefined roles that reach the server's files or programs: only the platform superuser has them. */
export const SERVER_ACCESS_ROLES = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program']
/**
 * Before Postgres 16, CREATEROLE may grant membership in any non-superuser role, pg_execute_server_program
 * included: on those majors the tenant's owner gets no CREATEROLE.
 */
export const FIRST_MAJOR_WITH_SAFE_CREATEROLE = 16
/** reserved_connections and pg_use_reserved_connections arrived in Postgres 16. */
export const FIRST_MAJOR_WITH_RESERVED_CONNECTIONS = 16
/** A role that exists only while a project moves from a superuser `postgres` to the platform superuser. */
export const MIGRATION_ROLE = 'pgfleet_migrator'
/**
 * The login a major upgrade's subscription uses on the old cluster: it replicates and reads every table, and has a
 * password only while an upgrade runs (see replication-login.ts). Never a superuser.
 */
export const UPGRADE_REPLICATION_ROLE = 'pgfleet_replication'
