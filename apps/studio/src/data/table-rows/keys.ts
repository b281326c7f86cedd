import type { RowFilter, RowSort } from '@pgfleet/contracts'

export type RowsView = { sort?: RowSort; filters: RowFilter[] }

export const tableRowsKeys = {
  table: (ref: string | undefined, tableId: number) => ['projects', ref, 'table-rows', tableId] as const,
  pages: (ref: string | undefined, tableId: number, view: RowsView) =>
    [...tableRowsKeys.table(ref, tableId), 'pages', view] as const,
  count: (ref: string | undefined, tableId: number, filters: RowFilter[]) =>
    [...tableRowsKeys.table(ref, tableId), 'count', { filters }] as const,
}
