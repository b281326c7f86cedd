import type { CompleteSqlResponse, TitleSqlResponse } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export type SqlCompleteVariables = {
  projectRef: string
  prompt: string
  textBeforeCursor: string
  textAfterCursor: string
  selection: string
  includeSchemaMetadata: boolean
}

/** The inline edit (Cmd/Ctrl+K): the SQL that replaces the selection, or is added when nothing is selected. */
export async function completeSql({ projectRef, prompt, includeSchemaMetadata, ...editor }: SqlCompleteVariables) {
  return api('POST /api/ai/sql/complete', {
    body: {
      prompt,
      projectRef,
      includeSchemaMetadata,
      completionMetadata: { ...editor, language: 'pgsql', prompt },
    },
  })
}

export function useSqlCompleteMutation(options: MutationOptions<CompleteSqlResponse, SqlCompleteVariables> = {}) {
  return useMutation({ ...options, mutationFn: completeSql })
}

export type SqlTitleVariables = { sql: string; projectRef?: string }

/** A short title and description for a SQL snippet, from the project's organization's model when given. */
export async function titleSql({ sql, projectRef }: SqlTitleVariables) {
  return api('POST /api/ai/sql/title', { body: { sql, projectRef } })
}

export function useSqlTitleMutation(options: MutationOptions<TitleSqlResponse, SqlTitleVariables> = {}) {
  return useMutation({ ...options, mutationFn: titleSql })
}
