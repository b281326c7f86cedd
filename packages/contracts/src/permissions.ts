import { z } from 'zod'
import { ROLE_NAMES } from './permissions.constants'

export const RoleName = z.enum(ROLE_NAMES, { error: `Role must be one of ${ROLE_NAMES.join(', ')}` })
export type RoleName = z.infer<typeof RoleName>

export const Permission = z.object({ action: z.string(), resource: z.string() })
export type Permission = z.infer<typeof Permission>

export const OrganizationPermissions = z.object({
  organization_id: z.number(),
  organization_slug: z.string(),
  role_name: RoleName,
  permissions: z.array(Permission),
})
export type OrganizationPermissions = z.infer<typeof OrganizationPermissions>
