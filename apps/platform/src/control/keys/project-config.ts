import {
  type AppConfig,
  DB_VERSION_PREFIX,
  type PostgrestConfigResponse,
  type ProjectSettingsResponse,
} from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { directConnectionString } from '../projects/connection-string'

/**
 * The project URL as the hosted product splits it: `{protocol}://{endpoint}`, to which clients append
 * /rest/v1. With PGFLEET_DOMAIN the project has its own host (`{ref}.{domain}`, on the platform's port);
 * otherwise it lives under the platform at /p/{ref}.
 */
export function appConfig(ctx: AppContext, ref: string, origin: string): AppConfig {
  const url = new URL(origin)
  const protocol = url.protocol === 'https:' ? 'https' : 'http'
  const endpoint = ctx.config.domain
    ? `${ref}.${ctx.config.domain}${url.port ? `:${url.port}` : ''}`
    : `${url.host}/p/${ref}`
  return { protocol, endpoint, db_schema: ctx.config.rest.schemas.join(', ') }
}

/** PostgREST's settings for the project's data API; carries the JWT secret, so only for key readers. */
export function postgrestConfig(ctx: AppContext, project: ProjectRow): PostgrestConfigResponse {
  return {
    db_schema: ctx.config.rest.schemas.join(', '),
    db_extra_search_path: 'public',
    db_anon_role: 'anon',
    // the data API does not cap result sizes; clients page with limit/range
    max_rows: null,
    db_pool: ctx.config.rest.poolSize,
    role_claim_key: '.role',
    jwt_secret: project.jwt_secret,
  }
}

/** What the settings pages show: the project URL and how to connect to its database (never a password). */
export async function projectSettings(
  ctx: AppContext,
  project: ProjectRow,
  origin: string,
): Promise<ProjectSettingsResponse> {
  // the driver knows where tenants connect (this machine's listen address, or a Service on Kubernetes)
  const { host, port } = await ctx.driver.tenantEndpoint(project.ref, project.port)
  return {
    ref: project.ref,
    name: project.name,
    status: project.status,
    region: project.region,
    cloud_provider: 'local',
    inserted_at: project.created_at.toISOString(),
    app_config: appConfig(ctx, project.ref, origin),
    db_host: host,
    db_port: port,
    db_user: ctx.driver.tenantOwnerRole,
    db_name: 'postgres',
    db_version: project.postgres_version,
    db_version_label: `${DB_VERSION_PREFIX}${project.postgres_version}`,
    db_connection_string: directConnectionString(host, port, ctx.driver.tenantOwnerRole),
    ssl_enforced: false,
  }
}
