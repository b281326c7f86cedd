import { useCallback, useRef } from 'react'
import { toast } from 'sonner'
import { useCheckApiKeyQuery } from '../../../data/assistant/check-api-key-query'
import { titleSql } from '../../../data/assistant/sql-complete-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { editSnippet, useSqlEditorStore } from '../../../state/sql-editor-store'
import { NEW_QUERY_NAME, SNIPPET_DEFAULT_NAME, TITLE_FAILED } from './sql-editor.constants'

const DEFAULT_NAMES: ReadonlySet<string> = new Set([NEW_QUERY_NAME, SNIPPET_DEFAULT_NAME, ''])

/** Whether a snippet still has the name it was created with, so a generated title may replace it. */
export function hasDefaultName(name: string): boolean {
  return DEFAULT_NAMES.has(name.trim())
}

/**
 * Names a snippet after its first successful run, from its SQL, when it still has its default name. It asks the
 * model only where the organization lets schema details leave (opted in, no HIPAA add-on: SQL names tables), the
 * assistant has a key and is not disabled, and the user can save the snippet. Each snippet is asked about once
 * per page load; a name the user typed meanwhile is kept.
 */
export function useSnippetAutoTitle(projectRef: string, { canEdit }: { canEdit: boolean }) {
  const check = useCheckApiKeyQuery({ ref: projectRef })
  const asked = useRef(new Set<string>())
  const allowed = canEdit && check.data?.hasKey === true && !check.data.disabled
  const metadataAllowed = check.data?.metadataAllowed ?? false

  return useCallback(
    async (snippetId: string, sql: string) => {
      if (!allowed || !metadataAllowed || asked.current.has(snippetId)) return
      const draft = useSqlEditorStore.getState().drafts[snippetId]
      if (!draft || useSqlEditorStore.getState().scratch[snippetId] || !hasDefaultName(draft.name)) return
      asked.current.add(snippetId)
      try {
        const { title, description } = await titleSql({ sql, projectRef })
        const current = useSqlEditorStore.getState().drafts[snippetId]
        if (!current || !hasDefaultName(current.name) || !title.trim()) return
        editSnippet(snippetId, { name: title.trim(), description: current.description || description })
      } catch (error) {
        toast.error(TITLE_FAILED(getErrorMessage(error)))
      }
    },
    [allowed, metadataAllowed, projectRef],
  )
}
