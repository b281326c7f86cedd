import { z } from 'zod'
import { MAX_ROW_ID, REQUIRED_VALUE_MESSAGES } from './common.constants'

/** Every error answer of the platform has this shape; the text is meant for the user. */
export const ErrorResponse = z.object({ message: z.string(), requestId: z.string().optional() })
export type ErrorResponse = z.infer<typeof ErrorResponse>

/** A project ref: 20 lowercase letters. */
export const PROJECT_REF_PATTERN = /^[a-z]{20}$/

export const ProjectRef = z
  .string({ error: REQUIRED_VALUE_MESSAGES.projectRef })
  .min(1, REQUIRED_VALUE_MESSAGES.projectRef)
  .regex(PROJECT_REF_PATTERN, 'Project ref must be 20 lowercase letters')

export const OrganizationSlug = z
  .string({ error: REQUIRED_VALUE_MESSAGES.slug })
  .trim()
  .min(1, REQUIRED_VALUE_MESSAGES.slug)
  .max(64, 'Slug must be at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Slug may contain only lowercase letters, digits and dashes')

/** An organization's slug as a path parameter: looked up as sent, so an unknown one answers 404. */
export const OrganizationSlugParam = z.string({ error: REQUIRED_VALUE_MESSAGES.organizationSlug }).min(1)

export const RowId = (message: string) => z.coerce.number().int(message).positive(message).max(MAX_ROW_ID, message)
