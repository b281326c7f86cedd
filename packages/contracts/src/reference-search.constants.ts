// The plain values of reference-search.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

/**
 * The foreign-key picker: rows of the table a column references, searched on the server and paged by the
 * referenced column's value (keyset), so a big referenced table is never read whole.
 */
export const REFERENCE_SEARCH_PAGE_SIZE = 20
