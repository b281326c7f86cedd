import { resolveTxt } from 'node:dns/promises'
import {
  CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE,
  type CustomHostnameResponse,
  type CustomHostnameStatus,
  NO_CUSTOM_HOSTNAME_MESSAGE,
} from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { Db } from '../../db/kysely'
import type { OrganizationRow, ProjectRow } from '../../db/types'
import { badRequest, conflict, forbidden, notFound } from '../../errors'
import { randomToken } from '../accounts/secrets'

/**
 * A project's custom domain, the hosted product's way: set a hostname (2_initiated), prove ownership with a
 * TXT record and reverify (3_challenge_verified), then activate (5_services_reconfigured). Custom domains
 * need a paid plan; on the free plan the status is 0_not_allowed.
 *
 * Setting a hostname only claims it. An unproven claim reserves nothing: other projects may claim the same
 * hostname, and the first whose TXT record is found gets it (each claim has its own token, so only whoever controls
 * the domain's DNS can prove one); the other claims are then dropped, and nobody can claim a proven hostname. An
 * unproven claim expires after PGFLEET_CUSTOM_HOSTNAME_PENDING_HOURS (7 days) from when it was set; checking it
 * again does not extend it, setting it again starts a new claim with a new token.
 */

const CHALLENGE_PREFIX = '_pgfleet-challenge'
const DNS_TIMEOUT_MS = 3_000
const PENDING = '2_initiated'
const VERIFIED: readonly string[] = ['3_challenge_verified', '4_origin_setup_completed']
const ACTIVE = '5_services_reconfigured'
export const HOSTNAME_TAKEN_MESSAGE = 'This hostname is already used by another project'
export const HOSTNAME_PROVEN_ELSEWHERE_MESSAGE =
  'Another project proved this hostname first: it is no longer claimed by this project'

export type TxtResolver = (name: string) => Promise<string[][]>

interface HostnameProject {
  project: ProjectRow
  organization: OrganizationRow
  /** the platform's public origin, for where the CNAME must point when there is no PGFLEET_DOMAIN */
  origin: string
}

const allowed = (organization: OrganizationRow) => organization.plan_id !== 'free'

/** Drops unproven claims older than the pending time, everywhere (the table holds one row per project). */
async function dropExpiredClaims(ctx: AppContext): Promise<void> {
  await ctx.db
    .deleteFrom('custom_hostnames')
    .where('status', '=', PENDING)
    .where('claimed_at', '<', new Date(Date.now() - ctx.config.customHostnamePendingMs))
    .execute()
}

async function rowOf(ctx: AppContext, ref: string) {
  await dropExpiredClaims(ctx)
  return ctx.db.selectFrom('custom_hostnames').selectAll().where('project_ref', '=', ref).executeTakeFirst()
}

export async function getCustomHostname(ctx: AppContext, target: HostnameProject): Promise<CustomHostnameResponse> {
  if (!allowed(target.organization)) return { status: '0_not_allowed', custom_hostname: null, data: null }
  const row = await rowOf(ctx, target.project.ref)
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
        claim_expires_at:
          row.status === PENDING
            ? new Date(row.claimed_at.getTime() + ctx.config.customHostnamePendingMs).toISOString()
            : null,
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
  await dropExpiredClaims(ctx)
  const proven = await ctx.db
    .selectFrom('custom_hostnames')
    .select('project_ref')
    .where('hostname', '=', hostname)
    .where('status', '<>', PENDING)
    .where('project_ref', '<>', target.project.ref)
    .executeTakeFirst()
  if (proven) throw conflict(HOSTNAME_TAKEN_MESSAGE)
  const now = new Date()
  const values = {
    hostname,
    status: PENDING,
    verification_token: randomToken(24),
    verification_errors: [],
    updated_at: now,
    claimed_at: now,
  }
  await ctx.db
    .insertInto('custom_hostnames')
    .values({ project_ref: target.project.ref, ...values })
    .onConflict((oc) => oc.column('project_ref').doUpdateSet(values))
    .execute()
  return getCustomHostname(ctx, target)
}

/** Looks up the ownership TXT record; on success the hostname is verified and can be activated. */
export async function reverifyCustomHostname(
  ctx: AppContext,
  target: HostnameProject,
  resolve: TxtResolver = resolveTxt,
): Promise<CustomHostnameResponse> {
  if (!allowed(target.organization)) throw forbidden(CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE)
  const row = await rowOf(ctx, target.project.ref)
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
  if (errors.length > 0) {
    await ctx.db
      .updateTable('custom_hostnames')
      .set({ verification_errors: errors, updated_at: new Date() })
      .where('project_ref', '=', target.project.ref)
      .where('verification_token', '=', row.verification_token)
      .execute()
    return getCustomHostname(ctx, target)
  }
  await proveClaim(ctx, target.project.ref, row.hostname, row.verification_token)
  return getCustomHostname(ctx, target)
}

/**
 * The claim whose TXT record was found gets the hostname, and every other claim on it goes. Two proofs at once:
 * the unique index on proven hostnames lets one through; the other claim is dropped with the reason.
 */
async function proveClaim(ctx: AppContext, ref: string, hostname: string, token: string): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const proven = await trx
        .updateTable('custom_hostnames')
        .set({ status: '3_challenge_verified', verification_errors: [], updated_at: new Date() })
        .where('project_ref', '=', ref)
        .where('verification_token', '=', token)
        .where('status', '=', PENDING)
        .executeTakeFirst()
      if (proven.numUpdatedRows === 0n) return
      await trx
        .deleteFrom('custom_hostnames')
        .where('hostname', '=', hostname)
        .where('project_ref', '<>', ref)
        .where('status', '=', PENDING)
        .execute()
    })
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error
    await ctx.db
      .deleteFrom('custom_hostnames')
      .where('project_ref', '=', ref)
      .where('verification_token', '=', token)
      .execute()
    throw conflict(HOSTNAME_PROVEN_ELSEWHERE_MESSAGE)
  }
}

export async function activateCustomHostname(
  ctx: AppContext,
  target: HostnameProject,
): Promise<CustomHostnameResponse> {
  if (!allowed(target.organization)) throw forbidden(CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE)
  const row = await rowOf(ctx, target.project.ref)
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
