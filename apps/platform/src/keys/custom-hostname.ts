import { resolveTxt } from 'node:dns/promises'
import {
  CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE,
  type CustomHostnameResponse,
  type CustomHostnameStatus,
  NO_CUSTOM_HOSTNAME_MESSAGE,
} from '@pgfleet/contracts'
import { randomToken } from '../auth/secrets'
import type { AppContext } from '../context'
import type { Db } from '../db/kysely'
import type { OrganizationRow, ProjectRow } from '../db/types'
import { badRequest, conflict, forbidden, notFound } from '../errors'

/**
 * A project's custom domain, the hosted product's way: set a hostname (2_initiated), prove ownership with a
 * TXT record and reverify (3_challenge_verified), then activate (5_services_reconfigured). Custom domains
 * need a paid plan; on the free plan the status is 0_not_allowed.
 */

const CHALLENGE_PREFIX = '_pgfleet-challenge'
const DNS_TIMEOUT_MS = 3_000
const VERIFIED: readonly string[] = ['3_challenge_verified', '4_origin_setup_completed']
const ACTIVE = '5_services_reconfigured'

export type TxtResolver = (name: string) => Promise<string[][]>

interface HostnameProject {
  project: ProjectRow
  organization: OrganizationRow
  /** the platform's public origin, for where the CNAME must point when there is no PGFLEET_DOMAIN */
  origin: string
}

const allowed = (organization: OrganizationRow) => organization.plan_id !== 'free'

async function rowOf(db: Db, ref: string) {
  return db.selectFrom('custom_hostnames').selectAll().where('project_ref', '=', ref).executeTakeFirst()
}

export async function getCustomHostname(ctx: AppContext, target: HostnameProject): Promise<CustomHostnameResponse> {
  if (!allowed(target.organization)) return { status: '0_not_allowed', custom_hostname: null, data: null }
  const row = await rowOf(ctx.db, target.project.ref)
  if (!row) return { status: '0_no_hostname_configured', custom_hostname: null, data: null }
  return {
    status: row.status as CustomHostnameStatus,
    custom_hostname: row.hostname,
    data: {
      success: true,
      errors: [],
      messages: [],
      result: {
        id: `${row.project_ref}:${row.hostname}`,
        hostname: row.hostname,
        status: row.status === ACTIVE ? 'active' : 'pending',
        ownership_verification: {
          type: 'txt',
          name: `${CHALLENGE_PREFIX}.${row.hostname}`,
          value: row.verification_token,
        },
        custom_origin_server: ctx.config.domain
          ? `${target.project.ref}.${ctx.config.domain}`
          : new URL(target.origin).hostname,
        verification_errors: row.verification_errors,
        created_at: row.created_at.toISOString(),
      },
    },
  }
}

/** Sets (or replaces) the hostname and starts its verification. */
export async function initializeCustomHostname(
  ctx: AppContext,
  target: HostnameProject,
  hostname: string,
): Promise<CustomHostnameResponse> {
  if (!allowed(target.organization)) throw forbidden(CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE)
  const domain = ctx.config.domain
  if (domain && (hostname === domain || hostname.endsWith(`.${domain}`))) {
    throw badRequest(`Hostnames under ${domain} belong to the platform; use a domain of your own`)
  }
  const values = {
    hostname,
    status: '2_initiated',
    verification_token: randomToken(24),
    verification_errors: [],
    updated_at: new Date(),
  }
  try {
    await ctx.db
      .insertInto('custom_hostnames')
      .values({ project_ref: target.project.ref, ...values })
      .onConflict((oc) => oc.column('project_ref').doUpdateSet(values))
      .execute()
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw conflict('This hostname is already used by another project')
    throw error
  }
  return getCustomHostname(ctx, target)
}

/** Looks up the ownership TXT record; on success the hostname is verified and can be activated. */
export async function reverifyCustomHostname(
  ctx: AppContext,
  target: HostnameProject,
  resolve: TxtResolver = resolveTxt,
): Promise<CustomHostnameResponse> {
  if (!allowed(target.organization)) throw forbidden(CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE)
  const row = await rowOf(ctx.db, target.project.ref)
  if (!row) throw notFound(NO_CUSTOM_HOSTNAME_MESSAGE(target.project.ref))
  if (row.status === ACTIVE || VERIFIED.includes(row.status)) return getCustomHostname(ctx, target)
  const name = `${CHALLENGE_PREFIX}.${row.hostname}`
  let errors: string[] = []
  try {
    const records = await withTimeout(resolve(name), DNS_TIMEOUT_MS)
    if (!records.some((chunks) => chunks.join('') === row.verification_token)) {
      errors = [`The TXT record ${name} does not hold the verification value yet`]
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    errors = [`The TXT record ${name} could not be read (${code ?? (error as Error).message})`]
  }
  await ctx.db
    .updateTable('custom_hostnames')
    .set({
      status: errors.length === 0 ? '3_challenge_verified' : '2_initiated',
      verification_errors: errors,
      updated_at: new Date(),
    })
    .where('project_ref', '=', target.project.ref)
    .execute()
  return getCustomHostname(ctx, target)
}

export async function activateCustomHostname(
  ctx: AppContext,
  target: HostnameProject,
): Promise<CustomHostnameResponse> {
  if (!allowed(target.organization)) throw forbidden(CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE)
  const row = await rowOf(ctx.db, target.project.ref)
  if (!row) throw notFound(NO_CUSTOM_HOSTNAME_MESSAGE(target.project.ref))
  if (row.status !== ACTIVE) {
    if (!VERIFIED.includes(row.status)) throw badRequest('Verify the hostname with its TXT record before activating it')
    await ctx.db
      .updateTable('custom_hostnames')
      .set({ status: ACTIVE, updated_at: new Date() })
      .where('project_ref', '=', target.project.ref)
      .execute()
  }
  return getCustomHostname(ctx, target)
}

export async function deleteCustomHostname(ctx: AppContext, project: ProjectRow): Promise<void> {
  const deleted = await ctx.db.deleteFrom('custom_hostnames').where('project_ref', '=', project.ref).executeTakeFirst()
  if (deleted.numDeletedRows === 0n) throw notFound(NO_CUSTOM_HOSTNAME_MESSAGE(project.ref))
}

/** The project an active custom hostname serves, for routing requests by their Host header. */
export async function projectRefForHostname(db: Db, hostname: string): Promise<string | null> {
  const row = await db
    .selectFrom('custom_hostnames')
    .select('project_ref')
    .where('hostname', '=', hostname.toLowerCase())
    .where('status', '=', ACTIVE)
    .executeTakeFirst()
  return row?.project_ref ?? null
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' })), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
