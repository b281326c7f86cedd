import { z } from 'zod'
import { OrganizationSlug } from './common'
import { RoleName } from './permissions'

export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const
export const PlanId = z.enum(PLAN_IDS, { error: `Plan must be one of ${PLAN_IDS.join(', ')}` })
export type PlanId = z.infer<typeof PlanId>
export const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' }

/** The opt-in tag that lets the assistant send schema metadata to the model. */
export const AI_SQL_OPT_IN_TAG = 'AI_SQL_GENERATOR_OPT_IN'

export const Organization = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  plan: z.object({ id: PlanId, name: z.string() }),
  opt_in_tags: z.array(z.string()),
  is_owner: z.boolean(),
  role_name: RoleName,
})
export type Organization = z.infer<typeof Organization>

export const CreateOrganizationBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Organization name is required')
    .max(64, 'Organization name must be at most 64 characters'),
})

export const UpdateOrganizationBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Organization name is required')
    .max(64, 'Organization name must be at most 64 characters')
    .optional(),
  slug: OrganizationSlug,
  opt_in_tags: z.array(z.string().max(64)).max(20).optional(),
})
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>

export const Member = z.object({
  user_id: z.number(),
  username: z.string(),
  primary_email: z.string(),
  role_name: RoleName,
  joined_at: z.string(),
})
export type Member = z.infer<typeof Member>

export const Invitation = z.object({ id: z.number(), email: z.string(), role_name: RoleName, invited_at: z.string() })
export type Invitation = z.infer<typeof Invitation>

export const AddMemberBody = z.object({
  email: z.email('Enter a valid email address').trim().toLowerCase(),
  role_name: RoleName,
})
export const AddMemberResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), member: Member }),
  z.object({ kind: z.literal('invitation'), invitation: Invitation }),
])
export type AddMemberResponse = z.infer<typeof AddMemberResponse>
export const UpdateMemberBody = z.object({ role_name: RoleName })

export const Subscription = z.object({
  plan: z.object({ id: PlanId, name: z.string() }),
  updated_at: z.string(),
  /** pgfleet records plan changes without a payment provider */
  billing_provider: z.literal('none'),
})
export type Subscription = z.infer<typeof Subscription>
export const UpdateSubscriptionBody = z.object({ plan: PlanId })

/** Members over their free project limit. */
export const FreeLimitMember = z.object({
  username: z.string(),
  primary_email: z.string(),
  free_project_limit: z.number(),
})
export type FreeLimitMember = z.infer<typeof FreeLimitMember>

/** Each Owner or Administrator may have this many active projects in free organizations. */
export const FREE_PROJECT_LIMIT = 2
