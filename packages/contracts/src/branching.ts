import { z } from 'zod'

/** Preview branches are billed per day of existence, whatever they do. */
export const BRANCH_COST_PER_DAY_USD = 0.32
/** Branching needs a paid plan and at least this Postgres major on the parent. */
export const MIN_BRANCHING_POSTGRES_MAJOR = 15

export const BRANCH_STATUSES = [
  'CREATING_PROJECT',
  'RUNNING_MIGRATIONS',
  'MIGRATIONS_PASSED',
  'MIGRATIONS_FAILED',
] as const
export const BranchStatus = z.enum(BRANCH_STATUSES)
export type BranchStatus = z.infer<typeof BranchStatus>

export const BRANCHING_MESSAGES = {
  branchNameRequired: (repository: string) => `Please enter a branch name from ${repository}`,
  branchNotFound: (repository: string) => `Unable to find branch from ${repository}`,
  branchCheckFailed: (message: string) => `Failed to check Github branch: ${message}`,
  createFailed: (message: string) => `Failed to create branch: ${message}`,
  created: 'Successfully created new branch',
  connectionsFailed: 'Failed to retrieve connections',
  postgresVersionFailed: 'Failed to retrieve Postgres version',
  needsPaidPlan: 'Branching is available on paid plans only',
  needsPostgres15: `Branching needs Postgres ${MIN_BRANCHING_POSTGRES_MAJOR} or higher`,
  needsConnection: 'Connect a git repository to the project first',
  notEnabled: 'Enable branching on the project first',
  branchOfBranch: 'A preview branch cannot have branches of its own',
  writeDenied: 'You need additional permissions to manage git connections and branches',
  withDataNeedsRunningParent: "A branch with data copies the parent's database, so the parent must be running",
} as const

/** Control characters and spaces: never part of a URL or name the platform passes on. */
function hasControlOrSpace(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    if (code <= 0x20 || code === 0x7f) return true
  }
  return false
}

const SCP_LIKE = /^(?:[A-Za-z0-9._-]+@)?[A-Za-z0-9][A-Za-z0-9.-]*:(?!\/\/)[^\s]+$/

/**
 * Why a repository URL is refused, or null. Only https://, ssh://, file:// and scp-like `user@host:path` URLs: a
 * leading '-' would reach git as an option, and `transport::address` forms (ext::, fd::) run programs. Credentials go
 * in the token, never in the URL (it is shown to every member).
 */
export function repositoryUrlProblem(url: string): string | null {
  if (url.startsWith('-')) return 'A repository URL cannot start with "-"'
  if (hasControlOrSpace(url)) return 'A repository URL cannot contain spaces or control characters'
  if (url.includes('::')) return 'Transport prefixes such as ext:: are not allowed in a repository URL'
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) {
    return SCP_LIKE.test(url) ? null : 'Use an https://, ssh:// or file:// URL, or user@host:owner/repo'
  }
  if (!['https', 'ssh', 'file'].includes(scheme))
    return `The ${scheme}:// scheme is not allowed; use https, ssh or file`
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'The repository URL is not a valid URL'
  }
  if (parsed.password) return 'Put the access token in the token field, not in the URL'
  if (scheme !== 'file' && !parsed.hostname) return 'The repository URL has no host'
  if (parsed.hostname.startsWith('-')) return 'A repository host cannot start with "-"'
  if (parsed.pathname.replace(/\/+$/, '') === '') return 'The repository URL has no repository path'
  return null
}

/** How a repository is shown: `owner/repo` from the URL's last two path segments, without `.git`. */
export function repositoryDisplayName(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^[^/:]*:/, '')
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/\.git$/, ''))
  return segments.slice(-2).join('/') || url
}

/** A git branch name as `git check-ref-format --branch` would take it (a safe subset: no option-like names). */
export function gitBranchNameProblem(name: string): string | null {
  if (name.length === 0 || name.length > 255) return 'A branch name has 1 to 255 characters'
  if (!/^[A-Za-z0-9._/-]+$/.test(name)) return 'A branch name may contain letters, digits, ".", "_", "/" and "-"'
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.'))
    return 'A branch name cannot start with "-" or "/", or end with "/" or "."'
  if (name.includes('..') || name.includes('//') || name.endsWith('.lock') || /(^|\/)\./.test(name))
    return 'A branch name cannot contain "..", "//", a part starting with "." or end with ".lock"'
  return null
}

const refineWith = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = problem(value)
  if (message) ctx.addIssue({ code: 'custom', message })
}

export const RepositoryUrl = z.string().trim().min(1).max(2000).superRefine(refineWith(repositoryUrlProblem))
export const GitBranchName = z.string().superRefine(refineWith(gitBranchNameProblem))

export const CreateGitConnectionBody = z.object({
  repository_url: RepositoryUrl,
  token: z.string().trim().max(1000).optional(),
})
export type CreateGitConnectionBody = z.infer<typeof CreateGitConnectionBody>

export const GitConnection = z.object({
  id: z.number(),
  user: z.object({ id: z.number() }).nullable(),
  repository: z.object({ id: z.number(), name: z.string() }),
  repository_url: z.string(),
  has_token: z.boolean(),
  project: z.object({ ref: z.string() }),
  inserted_at: z.string(),
  updated_at: z.string(),
})
export type GitConnection = z.infer<typeof GitConnection>

export const GitConnectionParams = z.object({ id: z.coerce.number().int().positive() })

export const GitBranchCheckParams = z.object({
  connectionId: z.coerce.number().int().positive(),
  branchName: GitBranchName,
})
export const GitBranchCheck = z.object({ name: z.string(), commit_sha: z.string() })
export type GitBranchCheck = z.infer<typeof GitBranchCheck>

export const BranchingSettings = z.object({
  enabled: z.boolean(),
  connection_id: z.number().nullable(),
  production_branch: z.string().nullable(),
})
export type BranchingSettings = z.infer<typeof BranchingSettings>

export const EnableBranchingBody = z.object({
  connection_id: z.number().int().positive(),
  production_branch: GitBranchName,
})
export type EnableBranchingBody = z.infer<typeof EnableBranchingBody>

export const CreateBranchBody = z.object({
  branch_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((name) => !hasControlOrSpace(name.replace(/ /g, '')), 'A branch name cannot contain control characters'),
  git_branch: GitBranchName,
  region: z.string().max(50).optional(),
  /** start from a copy of the parent's data as it is now (the parent must be running), then run new migrations */
  with_data: z.boolean().optional(),
})
export type CreateBranchBody = z.infer<typeof CreateBranchBody>

export const BranchParams = z.object({ ref: z.string(), branchId: z.uuid() })

export const Branch = z.object({
  id: z.string(),
  name: z.string(),
  /** the branch's own project */
  project_ref: z.string(),
  parent_project_ref: z.string(),
  git_branch: z.string(),
  status: BranchStatus,
  /** the failing migration's (or seed's) error when MIGRATIONS_FAILED */
  error: z.string().nullable(),
  failed_migration: z.string().nullable(),
  /** the branch project's own status (COMING_UP while its cluster is made) */
  project_status: z.string(),
  with_data: z.boolean(),
  /** how the parent's data was copied (shared blocks or a full copy) and how long it took; null without data */
  data_copy: z.object({ method: z.enum(['reflink', 'copy']), duration_ms: z.number() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Branch = z.infer<typeof Branch>

/** Cost so far of a branch that has existed since `createdAt`, at the per-day rate (a started day counts). */
export function branchCostSoFar(createdAt: string, now: number = Date.now()): number {
  const days = Math.max(1, Math.ceil((now - Date.parse(createdAt)) / 86_400_000))
  return Math.round(days * BRANCH_COST_PER_DAY_USD * 100) / 100
}
