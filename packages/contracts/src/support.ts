import { z } from 'zod'
import { OrganizationSlug } from './common'

export const SUPPORT_CATEGORIES = [
  'Problem',
  'Database_unresponsive',
  'Performance',
  'Billing',
  'Abuse',
  'Refund',
  'Sales',
  'Login_issues',
  'Other',
] as const

export const CreateSupportRequestBody = z.object({
  category: z.string().trim().min(1, 'Category is required').max(64),
  organization_slug: z.string().trim().min(1, 'Organization slug is required'),
  project_ref: z.string().trim().max(64).optional(),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  message: z.string().trim().min(1, 'Message is required').max(10000, 'Message must be at most 10000 characters'),
})
export type CreateSupportRequestBody = z.infer<typeof CreateSupportRequestBody>

/**
 * What POST /platform/feedback/send accepts: the form's fields, and then an organization slug of a slug's shape
 * (its problem answered after the fields', as the form shows those first).
 */
export const SendSupportRequestBody = CreateSupportRequestBody.superRefine((body, ctx) => {
  const slug = OrganizationSlug.safeParse(body.organization_slug)
  const problem = slug.error?.issues[0]
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['organization_slug'] })
})

export const SupportRequest = CreateSupportRequestBody.extend({
  id: z.number(),
  created_at: z.string(),
  author_email: z.string(),
})
export type SupportRequest = z.infer<typeof SupportRequest>
