import { AI_SQL_OPT_IN_TAG, UpdateOrganizationBody } from '@pgfleet/contracts'
import { OPT_IN_SUCCESS_MESSAGE, UPDATE_SUCCESS_MESSAGE } from './organization.constants'

export function isOptedIn(tags: readonly string[]): boolean {
  return tags.includes(AI_SQL_OPT_IN_TAG)
}

/** The tags with the AI opt-in tag added or removed; other tags are kept. */
export function withOptIn(tags: readonly string[], optIn: boolean): string[] {
  const others = tags.filter((tag) => tag !== AI_SQL_OPT_IN_TAG)
  return optIn ? [...others, AI_SQL_OPT_IN_TAG] : others
}

/** 'Successfully opted-in' when the update turned the AI opt-in on, else the generic message. */
export function getUpdateSuccessMessage(previousTags: readonly string[], nextTags: readonly string[]): string {
  return !isOptedIn(previousTags) && isOptedIn(nextTags) ? OPT_IN_SUCCESS_MESSAGE : UPDATE_SUCCESS_MESSAGE
}

export type OrganizationFormValues = { name: string; slug: string; optIn: boolean }
export type OrganizationFieldErrors = Partial<Record<'name' | 'slug', string>>

export function toUpdateOrganizationBody(
  values: OrganizationFormValues,
  currentTags: readonly string[],
): { body: UpdateOrganizationBody; errors?: undefined } | { body?: undefined; errors: OrganizationFieldErrors } {
  const parsed = UpdateOrganizationBody.safeParse({
    name: values.name,
    slug: values.slug,
    opt_in_tags: withOptIn(currentTags, values.optIn),
  })
  if (parsed.success) return { body: parsed.data }
  const errors: OrganizationFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'name' || field === 'slug') && !errors[field]) errors[field] = issue.message
  }
  return { errors }
}
