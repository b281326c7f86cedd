import {
  type AlterTableBody,
  type CreateTableBody,
  REQUIRED_VALUE_MESSAGES,
  type TableDdlResponse,
} from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { tableRowsKeys } from '../table-rows/keys'
import type { MutationOptions } from '../types'
import { pgMetaKeys } from './keys'

export type CreateTableVariables = { ref: string | undefined; table: CreateTableBody }
export type AlterTableVariables = { ref: string | undefined; tableId: number; change: AlterTableBody }

export async function createTable({ ref, table }: CreateTableVariables): Promise<TableDdlResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/tables', { params: { ref }, body: table })
}

export async function alterTable({ ref, tableId, change }: AlterTableVariables): Promise<TableDdlResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/pg-meta/{ref}/tables/{id}', { params: { ref, id: tableId }, body: change })
}

/** Creates a table; the table lists are read again. */
export function useCreateTableMutation(options: MutationOptions<TableDdlResponse, CreateTableVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createTable,
    onSuccess: async (data, variables, context, mutation) => {
      await queryClient.invalidateQueries({ queryKey: pgMetaKeys.list(variables.ref, 'tables') })
      await options.onSuccess?.(data, variables, context, mutation)
    },
  })
}

/** Changes a table; its description, the lists and its rows (whose columns may have changed) are read again. */
export function useAlterTableMutation(options: MutationOptions<TableDdlResponse, AlterTableVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: alterTable,
    onSuccess: async (data, variables, context, mutation) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pgMetaKeys.list(variables.ref, 'tables') }),
        queryClient.invalidateQueries({ queryKey: tableRowsKeys.table(variables.ref, variables.tableId) }),
      ])
      await options.onSuccess?.(data, variables, context, mutation)
    },
  })
}
