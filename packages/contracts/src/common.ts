import { z } from 'zod'

/** Every error answer of the platform has this shape; the text is meant for the user. */
export const ErrorResponse = z.object({ message: z.string(), requestId: z.string().optional() })
export type ErrorResponse = z.infer<typeof ErrorResponse>

/** Texts for missing required values, shared by every screen. */
export const REQUIRED_VALUE_MESSAGES = {
  projectRef: 'Project ref is required',
  project: 'Project is required',
  profile: 'Profile is required',
  projectRefCamel: 'projectRef is required',
  slug: 'slug is required',
  organizationSlug: 'Organization slug is required',
} as const

export const ProjectRef = z
  .string({ error: REQUIRED_VALUE_MESSAGES.projectRef })
  .min(1, REQUIRED_VALUE_MESSAGES.projectRef)
  .regex(/^[a-z]{20}$/, 'Project ref must be 20 lowercase letters')

export const OrganizationSlug = z
  .string({ error: REQUIRED_VALUE_MESSAGES.slug })
  .trim()
  .min(1, REQUIRED_VALUE_MESSAGES.slug)
  .max(64, 'Slug must be at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Slug may contain only lowercase letters, digits and dashes')

/** A serial id of the control plane: a positive 32-bit integer (a bigger number would fail in the database). */
export const MAX_ROW_ID = 2_147_483_647
export const RowId = (message: string) => z.coerce.number().int(message).positive(message).max(MAX_ROW_ID, message)
