import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { BYTES_PER_GB } from '@pgfleet/contracts'
import { z } from 'zod'
import { type KubernetesConfig, KubernetesEnvShape, kubernetesConfig } from './config-kubernetes'
import { type PlatformSmtpConfig, platformSmtpConfig, SmtpEnvShape } from './config-smtp'
import { assertSitesSeparate } from './http/site-separation'
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './logging/logger'
import { assertNoProtectedPort, type EgressDestination, parseEgressAllow } from './security/egress-policy'

/** Every setting the platform reads, with its default. The README's configuration table mirrors this. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PGFLEET_DATA_DIR: z.string().default('./.pgfleet'),
  DATABASE_URL: z.string().optional(),
  PGFLEET_PUBLIC_URL: z.string().url().optional(),
  PGFLEET_ADMIN_EMAIL: z.string().optional(),
  PGFLEET_ADMIN_PASSWORD: z.string().optional(),
  PGFLEET_PORT_RANGE: z
    .string()
    .regex(/^\d+-\d+$/, 'PGFLEET_PORT_RANGE must look like 54400-54999')
    .default('54400-54999'),
  PGFLEET_PROJECT_LISTEN_ADDRESS: z.string().default('127.0.0.1'),
  PGFLEET_RUN_AS_USER: z.string().default('pgfleet'),
  PGFLEET_DEFAULT_POSTGRES_MAJOR: z.coerce.number().int().optional(),
  PGFLEET_FEATURE_FLAGS: z.string().optional(),
  PGFLEET_FEATURE_FLAGS_FILE: z.string().optional(),
  PGFLEET_SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  PGFLEET_FREE_PROJECT_LIMIT: z.coerce.number().int().min(0).default(2),
  PGFLEET_STUDIO_DIR: z.string().optional(),
  PGFLEET_HEALTH_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  PGFLEET_SPARE_DATA_DIRS: z.coerce.number().int().min(0).max(10).default(2),
  PGFLEET_BACKUP_SCHEDULER_TICK_MS: z.coerce.number().int().min(100).default(60_000),
  PGFLEET_DOMAIN: z.string().optional(),
  PGFLEET_CUSTOM_HOSTNAME_PENDING_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
  PGFLEET_REST_SCHEMAS: z.string().default('public'),
  PGFLEET_REST_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  PGFLEET_REST_ALLOW_UNFILTERED_WRITES: z.enum(['true', 'false']).default('false'),
  PGFLEET_GIT_ALLOW_FILE_URLS: z.enum(['true', 'false']).default('false'),
  PGFLEET_GIT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  PGFLEET_RESTORE_WINDOW_DAYS: z.coerce.number().int().min(1).default(90),
  PGFLEET_PREVIEW_MAJORS: z.string().default(''),
  PGFLEET_STORAGE_MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).default(52_428_800),
  PGFLEET_SIGNUP: z.enum(['open', 'invite', 'closed']).or(z.literal('')).optional(),
  PGFLEET_SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  PGFLEET_TRUSTED_PROXIES: z.string().default(''),
  PGFLEET_FUNCTIONS_CPU_LIMIT_MS: z.coerce.number().int().min(10).default(2_000),
  PGFLEET_FUNCTIONS_WALL_LIMIT_MS: z.coerce.number().int().min(100).default(150_000),
  PGFLEET_FUNCTIONS_MAX_WORKERS_PER_PROJECT: z.coerce.number().int().min(1).default(8),
  PGFLEET_FUNCTIONS_MAX_WORKERS: z.coerce.number().int().min(1).optional(),
  PGFLEET_FUNCTIONS_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  PGFLEET_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PGFLEET_LOG_FORMAT: z.enum(LOG_FORMATS).or(z.literal('')).optional(),
  PGFLEET_AI_PROVIDER: z.enum(['openai', 'anthropic']).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  PGFLEET_AI_MODEL: z.string().optional(),
  PGFLEET_AI_DISABLED: z.enum(['true', 'false']).default('false'),
  PGFLEET_AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  PGFLEET_AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(120_000),
  PGFLEET_EGRESS_ALLOW: z.string().default(''),
  ...SmtpEnvShape,
  PGFLEET_RESOURCE_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  PGFLEET_RESOURCE_WARNING_PERCENT: z.coerce.number().min(1).max(100).default(80),
  PGFLEET_RESOURCE_CRITICAL_PERCENT: z.coerce.number().min(1).max(100).default(90),
  PGFLEET_DEFAULT_DISK_SIZE_GB: z.coerce.number().positive().max(200).default(8),
  PGFLEET_AUTH_RATE_LIMIT_HITS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  PGFLEET_DRIVER: z.enum(['local', 'kubernetes']).default('local'),
  ...KubernetesEnvShape,
})

export interface PlatformConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string | undefined
  admin: { email: string; password: string } | undefined
  portRange: { from: number; to: number }
  projectListenAddress: string
  runAsUser: string
  defaultPostgresMajor: number | undefined
  featureFlags: Record<string, boolean | string>
  sessionTtlMs: number
  freeProjectLimit: number
  studioDir: string
  healthIntervalMs: number
  /** data directories of each Postgres major kept initialised ahead of need (0: every creation runs initdb) */
  spareDataDirs: number
  /** how often the backup scheduler looks for projects whose backup is due */
  backupSchedulerTickMs: number
  logLevel: LogLevel
  /** chosen by PGFLEET_LOG_FORMAT; otherwise pretty on a terminal, JSON elsewhere */
  logFormat?: LogFormat | undefined
  /** when set, {ref}.{domain} serves the project's APIs by Host header */
  domain: string | undefined
  /** a custom hostname not proven by its TXT record within this time is dropped */
  customHostnamePendingMs: number
  rest: { schemas: string[]; poolSize: number; allowUnfilteredWrites: boolean }
  /** paused projects can be restored for this many days */
  restoreWindowDays: number
  /** Postgres majors offered with release_channel 'preview' instead of 'ga' */
  previewMajors: number[]
  /** the largest object the Storage API accepts, whatever a bucket allows */
  storageMaxUploadBytes: number
  /** who may create an account; unset: open until the first user exists, then invite */
  signup: 'open' | 'invite' | 'closed' | undefined
  functions: {
    /** per edge-function request: the worker's CPU time and the wall-clock time, past which it is killed */
    cpuTimeMs: number
    wallClockMs: number
    /** function workers alive at once, per project and on the whole platform */
    maxWorkersPerProject: number
    maxWorkers: number
    /** how long a call waits for room under those caps before it answers 503 */
    queueTimeoutMs: number
  }
  /**
   * exact host:port destinations on this machine or a private network that tenants' connections (function workers,
   * URLs tenants set) may reach; everything else internal is refused
   */
  egress: { allow: EgressDestination[] }
  /** the SMTP server auth emails go through for projects without their own; unset: such projects cannot send */
  smtp: PlatformSmtpConfig | undefined
  /** sign-up attempts one client address may make in an hour */
  signupsPerAddressPerHour: number
  /**
   * addresses and CIDR ranges of the reverse proxies in front of the platform: only a request from one of them
   * has its client address (X-Forwarded-For), protocol and host taken from its forwarding headers
   */
  trustedProxies: string[]
  /** git access for branching: file:// repositories (on the platform's own disk) only when allowed; every git run's time limit */
  git: { allowFileUrls: boolean; timeoutMs: number }
  resources: {
    /** how often every running project's disk, CPU, memory and IO are sampled */
    sampleIntervalMs: number
    /** percent of a budget (disk size, CPU, memory, IO) at which a warning, then a critical warning, shows */
    warningPercent: number
    criticalPercent: number
    /** the disk size of projects that have not chosen one */
    defaultDiskSizeBytes: number
    /** auth rate-limit hits in the last hour that count as the whole budget (100%) */
    authRateLimitHitsPerHour: number
  }
  /** the assistant's model, unless an organization sets its own; no key means the assistant cannot answer */
  ai: AiConfig
  /** what runs projects: Postgres servers on this machine (the default), or CloudNativePG on Kubernetes */
  driver: 'local' | 'kubernetes'
  kubernetes: KubernetesConfig
}

export interface AiConfig {
  provider: 'openai' | 'anthropic'
  apiKey: string | undefined
  /** an OpenAI-compatible (or Anthropic) endpoint; the provider's own when unset */
  baseUrl: string | undefined
  model: string
  disabled: boolean
  rateLimitPerMinute: number
  timeoutMs: number
}

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const

function aiConfig(e: z.infer<typeof EnvSchema>): AiConfig {
  // Anthropic only when asked for, or when it is the only key given
  const provider = e.PGFLEET_AI_PROVIDER ?? (e.ANTHROPIC_API_KEY && !e.OPENAI_API_KEY ? 'anthropic' : 'openai')
  const openai = provider === 'openai'
  return {
    provider,
    apiKey: (openai ? e.OPENAI_API_KEY : e.ANTHROPIC_API_KEY) || undefined,
    baseUrl: (openai ? e.OPENAI_BASE_URL : e.ANTHROPIC_BASE_URL) || undefined,
    model: e.PGFLEET_AI_MODEL || DEFAULT_MODELS[provider],
    disabled: e.PGFLEET_AI_DISABLED === 'true',
    rateLimitPerMinute: e.PGFLEET_AI_RATE_LIMIT_PER_MINUTE,
    timeoutMs: e.PGFLEET_AI_TIMEOUT_MS,
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..')

function readFeatureFlags(env: z.infer<typeof EnvSchema>): Record<string, boolean | string> {
  const sources: string[] = []
  if (env.PGFLEET_FEATURE_FLAGS_FILE) sources.push(readFileSync(env.PGFLEET_FEATURE_FLAGS_FILE, 'utf8'))
  if (env.PGFLEET_FEATURE_FLAGS) sources.push(env.PGFLEET_FEATURE_FLAGS)
  const flags: Record<string, boolean | string> = {}
  for (const source of sources) {
    const parsed = z.record(z.string(), z.union([z.boolean(), z.string()])).safeParse(JSON.parse(source))
    if (!parsed.success) throw new Error('Feature flags must be a JSON object of booleans or strings')
    Object.assign(flags, parsed.data)
  }
  return flags
}

/**
 * Memory one function worker can hold at most, whatever its code does: Deno itself (about 36 MB resident), its
 * 150 MB heap and the buffers its data-segment cap leaves room for (about 480 MB), measured on Deno 2.9.
 */
export const FUNCTION_WORKER_MEMORY_BYTES = 680 * 1024 * 1024
/** Share of the machine's memory that function workers may take in all, by default (the rest: Postgres, the platform). */
const FUNCTION_WORKERS_MEMORY_SHARE = 0.75

/** The machine's memory, or the cgroup limit the platform runs under when that is lower (a container). */
function machineMemoryBytes(): number {
  const constrained = process.constrainedMemory?.() ?? 0
  return constrained > 0 ? Math.min(constrained, os.totalmem()) : os.totalmem()
}

/** The default platform-wide worker cap: that share of the memory, each worker at its most, and at least one. */
export function workersForMemory(memoryBytes: number): number {
  return Math.max(1, Math.floor((memoryBytes * FUNCTION_WORKERS_MEMORY_SHARE) / FUNCTION_WORKER_MEMORY_BYTES))
}

/** A comma-separated list of IPv4/IPv6 addresses and CIDR ranges; anything else is refused at start. */
export function parseTrustedProxies(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = isIP(address)
    const bits = family === 4 ? 32 : 128
    const prefixValid = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)
    if (family === 0 || !prefixValid || extra !== undefined) {
      throw new Error(`PGFLEET_TRUSTED_PROXIES: ${entry} is not an IP address or a CIDR range`)
    }
  }
  return entries
}

/**
 * The setting that let organizations point their model anywhere: it is gone, and a platform still given it stops
 * rather than quietly closing what the operator meant to open.
 */
export const AI_PRIVATE_ENDPOINTS_REMOVED =
  "PGFLEET_AI_ALLOW_PRIVATE_ENDPOINTS is no longer supported: an organization's model address follows the egress " +
  "policy. List the model server's exact host:port in PGFLEET_EGRESS_ALLOW (e.g. 127.0.0.1:11434) and remove it"

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  if (env.PGFLEET_AI_ALLOW_PRIVATE_ENDPOINTS !== undefined) throw new Error(AI_PRIVATE_ENDPOINTS_REMOVED)
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid configuration ${issue?.path.join('.')}: ${issue?.message}`)
  }
  const e = parsed.data
  const [from, to] = e.PGFLEET_PORT_RANGE.split('-').map(Number) as [number, number]
  if (from > to) throw new Error('PGFLEET_PORT_RANGE: the first port must not be above the second')
  if (e.PGFLEET_RESOURCE_WARNING_PERCENT >= e.PGFLEET_RESOURCE_CRITICAL_PERCENT) {
    throw new Error('PGFLEET_RESOURCE_WARNING_PERCENT must be below PGFLEET_RESOURCE_CRITICAL_PERCENT')
  }
  if ((e.PGFLEET_ADMIN_EMAIL && !e.PGFLEET_ADMIN_PASSWORD) || (!e.PGFLEET_ADMIN_EMAIL && e.PGFLEET_ADMIN_PASSWORD)) {
    throw new Error('Set both PGFLEET_ADMIN_EMAIL and PGFLEET_ADMIN_PASSWORD, or neither')
  }
  const egressAllow = parseEgressAllow(e.PGFLEET_EGRESS_ALLOW)
  assertNoProtectedPort(egressAllow, e.PORT, { from, to })
  assertSitesSeparate(e.PGFLEET_PUBLIC_URL ? new URL(e.PGFLEET_PUBLIC_URL).hostname : e.HOST, e.PGFLEET_DOMAIN)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.PGFLEET_DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl: e.PGFLEET_PUBLIC_URL,
    admin:
      e.PGFLEET_ADMIN_EMAIL && e.PGFLEET_ADMIN_PASSWORD
        ? { email: e.PGFLEET_ADMIN_EMAIL, password: e.PGFLEET_ADMIN_PASSWORD }
        : undefined,
    portRange: { from, to },
    projectListenAddress: e.PGFLEET_PROJECT_LISTEN_ADDRESS,
    runAsUser: e.PGFLEET_RUN_AS_USER,
    defaultPostgresMajor: e.PGFLEET_DEFAULT_POSTGRES_MAJOR,
    featureFlags: readFeatureFlags(e),
    sessionTtlMs: e.PGFLEET_SESSION_TTL_HOURS * 3600_000,
    freeProjectLimit: e.PGFLEET_FREE_PROJECT_LIMIT,
    studioDir: path.resolve(e.PGFLEET_STUDIO_DIR ?? path.join(repoRoot, 'apps/studio/dist')),
    healthIntervalMs: e.PGFLEET_HEALTH_INTERVAL_MS,
    spareDataDirs: e.PGFLEET_SPARE_DATA_DIRS,
    backupSchedulerTickMs: e.PGFLEET_BACKUP_SCHEDULER_TICK_MS,
    logLevel: e.PGFLEET_LOG_LEVEL,
    logFormat: e.PGFLEET_LOG_FORMAT || undefined,
    domain: e.PGFLEET_DOMAIN || undefined,
    customHostnamePendingMs: e.PGFLEET_CUSTOM_HOSTNAME_PENDING_HOURS * 3_600_000,
    rest: {
      schemas: e.PGFLEET_REST_SCHEMAS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      poolSize: e.PGFLEET_REST_POOL_SIZE,
      allowUnfilteredWrites: e.PGFLEET_REST_ALLOW_UNFILTERED_WRITES === 'true',
    },
    restoreWindowDays: e.PGFLEET_RESTORE_WINDOW_DAYS,
    storageMaxUploadBytes: e.PGFLEET_STORAGE_MAX_UPLOAD_BYTES,
    signup: e.PGFLEET_SIGNUP || undefined,
    signupsPerAddressPerHour: e.PGFLEET_SIGNUPS_PER_ADDRESS_PER_HOUR,
    trustedProxies: parseTrustedProxies(e.PGFLEET_TRUSTED_PROXIES),
    functions: {
      cpuTimeMs: e.PGFLEET_FUNCTIONS_CPU_LIMIT_MS,
      wallClockMs: e.PGFLEET_FUNCTIONS_WALL_LIMIT_MS,
      maxWorkersPerProject: e.PGFLEET_FUNCTIONS_MAX_WORKERS_PER_PROJECT,
      maxWorkers: e.PGFLEET_FUNCTIONS_MAX_WORKERS ?? workersForMemory(machineMemoryBytes()),
      queueTimeoutMs: e.PGFLEET_FUNCTIONS_QUEUE_TIMEOUT_MS,
    },
    ai: aiConfig(e),
    driver: e.PGFLEET_DRIVER,
    kubernetes: kubernetesConfig(e),
    egress: { allow: egressAllow },
    smtp: platformSmtpConfig(e),
    git: { allowFileUrls: e.PGFLEET_GIT_ALLOW_FILE_URLS === 'true', timeoutMs: e.PGFLEET_GIT_TIMEOUT_MS },
    resources: {
      sampleIntervalMs: e.PGFLEET_RESOURCE_SAMPLE_INTERVAL_MS,
      warningPercent: e.PGFLEET_RESOURCE_WARNING_PERCENT,
      criticalPercent: e.PGFLEET_RESOURCE_CRITICAL_PERCENT,
      defaultDiskSizeBytes: Math.round(e.PGFLEET_DEFAULT_DISK_SIZE_GB * BYTES_PER_GB),
      authRateLimitHitsPerHour: e.PGFLEET_AUTH_RATE_LIMIT_HITS_PER_HOUR,
    },
    previewMajors: e.PGFLEET_PREVIEW_MAJORS.split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  }
}
