import type { PgTable } from '@pgfleet/contracts'

/** Tables whose name contains the search text (case-insensitive). */
export function filterTables<T extends Pick<PgTable, 'name'>>(tables: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...tables]
  return tables.filter((table) => table.name.toLowerCase().includes(needle))
}

/** One page of a list, with the page number clamped to the existing pages. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize))
  const current = Math.min(Math.max(0, page), pageCount - 1)
  const start = current * pageSize
  return {
    items: items.slice(start, start + pageSize),
    page: current,
    pageCount,
    from: start + 1,
    to: Math.min(items.length, start + pageSize),
  }
}
