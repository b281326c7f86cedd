import { z } from 'zod'

/**
 * Instance administrators run the platform itself, apart from any organization's roles: they set organizations'
 * plans (there is no billing provider, so a plan is the operator's decision, never an Owner's) and name other
 * instance administrators. The user named by PGFLEET_ADMIN_EMAIL is one.
 */
export const InstanceAdmin = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  /** named by PGFLEET_ADMIN_EMAIL: marked again at every start, so removing it here does not last */
  configured: z.boolean(),
})
export type InstanceAdmin = z.infer<typeof InstanceAdmin>

/** POST /platform/instance-admins: the email of an existing user to make an instance administrator. */
export const AddInstanceAdminBody = z.object({
  email: z.email('Enter a valid email address').trim().toLowerCase().max(254),
})
export type AddInstanceAdminBody = z.infer<typeof AddInstanceAdminBody>

export const INSTANCE_ADMIN_ONLY_MESSAGE = 'Only an instance administrator can do this'
export const PLAN_CHANGE_INSTANCE_ADMIN_ONLY_MESSAGE =
  "Plans are set by whoever runs this platform: ask an instance administrator to change this organization's plan"
export const INSTANCE_ADMIN_UNKNOWN_USER_MESSAGE = 'No user has this email address: they need to sign up first'
export const INSTANCE_ADMIN_SELF_REMOVAL_MESSAGE =
  'You cannot remove yourself: another instance administrator can, so the platform always keeps one'
