import { CreateSupportRequestBody, SUPPORT_CATEGORIES } from '@pgfleet/contracts'
import { DEFAULT_CATEGORY } from './support.constants'

export type SupportFormValues = {
  organizationSlug: string
  projectRef: string
  category: string
  subject: string
  message: string
}

export type SupportFieldErrors = Partial<Record<keyof CreateSupportRequestBody, string>>

const isKnownCategory = (value: string): boolean => (SUPPORT_CATEGORIES as readonly string[]).includes(value)

/**
 * Initial values from the address. The organization is the one named by `org`, else the one that
 * owns the project `ref`, else the first one.
 */
export function getSupportPrefill(
  searchParams: URLSearchParams,
  organizations: readonly { slug: string }[],
  projects: readonly { ref: string; organization_slug: string }[],
): SupportFormValues {
  const ref = searchParams.get('ref')?.trim() ?? ''
  const org = searchParams.get('org')
  const category = searchParams.get('category') ?? ''
  const projectOrganization = projects.find((project) => project.ref === ref)?.organization_slug
  const organizationSlug =
    [org, projectOrganization].find((slug) => slug && organizations.some((item) => item.slug === slug)) ??
    organizations[0]?.slug ??
    ''
  return {
    organizationSlug,
    projectRef: ref,
    category: isKnownCategory(category) ? category : DEFAULT_CATEGORY,
    subject: searchParams.get('subject') ?? '',
    message: searchParams.get('message') ?? '',
  }
}

export function toSupportRequestBody(
  values: SupportFormValues,
): { body: CreateSupportRequestBody; errors?: undefined } | { body?: undefined; errors: SupportFieldErrors } {
  const parsed = CreateSupportRequestBody.safeParse({
    category: values.category,
    organization_slug: values.organizationSlug,
    project_ref: values.projectRef.trim() || undefined,
    subject: values.subject,
    message: values.message,
  })
  if (parsed.success) return { body: parsed.data }
  const errors: SupportFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SupportFieldErrors
    errors[field] ??= issue.message
  }
  return { errors }
}
