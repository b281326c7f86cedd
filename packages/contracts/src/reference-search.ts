import { z } from 'zod'
import { REFERENCE_SEARCH_PAGE_SIZE } from './reference-search.constants'

export const ReferenceSearchBody = z.object({
  /** the referencing column, of the table in the path; its foreign key must be on this one column */
  column: z.string().min(1, 'A column name is required').max(63, 'A column name is at most 63 bytes'),
  /** matched anywhere in the referenced value or the label, ignoring case */
  search: z.string().max(200, 'A search is at most 200 characters').default(''),
  /** the last value of the previous page */
  after: z
    .string()
    .max(1024 * 1024)
    .optional(),
  limit: z.number().int().min(1).max(100).default(REFERENCE_SEARCH_PAGE_SIZE),
})
export type ReferenceSearchBody = z.input<typeof ReferenceSearchBody>

export const ReferenceSearchResponse = z.object({
  /** the referenced table and column */
  schema: z.string(),
  table: z.string(),
  column: z.string(),
  /** a text column of the referenced table shown beside each value, when it has one */
  labelColumn: z.string().nullable(),
  rows: z.array(z.object({ value: z.string(), label: z.string().nullable() })),
  /** `after` for the next page; null on the last */
  next: z.string().nullable(),
})
export type ReferenceSearchResponse = z.infer<typeof ReferenceSearchResponse>
