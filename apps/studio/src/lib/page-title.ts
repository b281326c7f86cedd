import { PRODUCT_NAME } from './constants'

export const PAGE_TITLE_SEPARATOR = ' | '

/** `${page} | ${project} | ${org} | pgfleet`, leaving out the parts that are not known. */
export function buildPageTitle({
  page,
  project,
  organization,
}: {
  page?: string
  project?: string
  organization?: string
}): string {
  return [page, project, organization, PRODUCT_NAME]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(PAGE_TITLE_SEPARATOR)
}
