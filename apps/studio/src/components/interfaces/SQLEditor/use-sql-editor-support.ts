import { PermissionAction, PermissionResource, type PgColumn, type Snippet, type SnippetList } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo } from 'react'
import { toast } from 'sonner'
import { contentKeys } from '../../../data/content/keys'
import { getErrorMessage } from '../../../data/fetcher'
import { useFunctionNamesQuery } from '../../../data/pg-meta/function-names-query'
import { useSchemasQuery } from '../../../data/pg-meta/schemas-query'
import { cachedTableColumns, fetchTableColumns } from '../../../data/pg-meta/table-columns-query'
import { useTableNamesQuery } from '../../../data/pg-meta/table-names-query'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import {
  createSnippet,
  type NewSnippetContext,
  onSnippetSaved,
  setCurrentUserId,
  setProjectReadOnly,
  useSqlEditorStore,
} from '../../../state/sql-editor-store'
import { type CompletionData, CompletionIndex } from './sql-completion-source'
import { FAILED_TO_CREATE_QUERY } from './sql-editor.constants'

const COMPLETION_METADATA_STALE_MS = 5 * 60_000

const columnNames = new WeakMap<PgColumn[], string[]>()
const namesOf = (columns: PgColumn[]) => {
  let names = columnNames.get(columns)
  if (!names) {
    names = columns.map((column) => column.name)
    columnNames.set(columns, names)
  }
  return names
}

/**
 * What completion knows of the project: relation, function and schema names up front (a light answer even
 * with 10,000 tables), and each table's columns fetched the first time a statement needs them, then cached.
 * The index is rebuilt only when the names change.
 */
export function useCompletionData(projectRef: string): CompletionData | undefined {
  const queryClient = useQueryClient()
  const options = { staleTime: COMPLETION_METADATA_STALE_MS, retry: false }
  const { data: relations } = useTableNamesQuery({ ref: projectRef }, options)
  const { data: functions } = useFunctionNamesQuery({ ref: projectRef }, options)
  const { data: schemas } = useSchemasQuery({ ref: projectRef }, options)
  return useMemo(() => {
    if (!relations) return undefined
    const variables = (tableId: number) => ({ ref: projectRef, tableId })
    return {
      index: new CompletionIndex(
        relations,
        functions ?? [],
        (schemas ?? []).map((schema) => schema.name),
      ),
      columns: (tableId) => {
        const cached = cachedTableColumns(queryClient, variables(tableId))
        return cached ? namesOf(cached) : fetchTableColumns(queryClient, variables(tableId)).then(namesOf)
      },
    }
  }, [relations, functions, schemas, queryClient, projectRef])
}

/** Whether the user may save queries here; the save queue sends nothing when not. */
export function useCanSaveSnippets(projectRef: string) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const { can, isLoading } = useCan(PermissionAction.CREATE, PermissionResource.USER_CONTENT, {
    orgSlug: project?.organization_slug,
  })
  const known = !isLoading && project !== undefined
  useEffect(() => {
    if (known) setProjectReadOnly(projectRef, !can)
  }, [known, can, projectRef])
  return { canSave: can, known }
}

/** What creating a snippet here needs: the ref, the project and the signed-in user's profile. */
export function useNewSnippetContext(projectRef: string | undefined): NewSnippetContext {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const { data: profile } = useProfileQuery()
  return useMemo(() => ({ projectRef, project, profile }), [projectRef, project, profile])
}

/**
 * Creates a new query and answers its id; when something it needs is missing, says
 * 'Failed to create new query: {message}' and answers undefined.
 */
export function useCreateSnippet(projectRef: string | undefined) {
  const context = useNewSnippetContext(projectRef)
  return useCallback(
    (fields: Parameters<typeof createSnippet>[1]): string | undefined => {
      try {
        return createSnippet(context, fields)
      } catch (error) {
        toast.error(FAILED_TO_CREATE_QUERY(getErrorMessage(error)))
        return undefined
      }
    },
    [context],
  )
}

function upsertIntoList(list: SnippetList | undefined, snippet: Snippet): SnippetList | undefined {
  if (!list) return list
  const index = list.data.findIndex((item) => item.id === snippet.id)
  if (index === -1) return { data: [snippet, ...list.data], total: list.total + 1 }
  const data = [...list.data]
  data[index] = snippet
  return { data, total: list.total }
}

/** The signed-in user, for the save queue (it saves only their own snippets); answers their id. */
export function useCurrentUserForSaves() {
  const { data: profile } = useProfileQuery()
  useEffect(() => {
    if (profile) setCurrentUserId(profile.id)
  }, [profile])
  return useSqlEditorStore((state) => state.currentUserId)
}

/** Saves that land update the cached list and detail, so the sidebar and a reload agree with the server. */
export function useSaveSync() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      onSnippetSaved((projectRef, snippet) => {
        queryClient.setQueryData<SnippetList>(contentKeys.snippets(projectRef), (list) => upsertIntoList(list, snippet))
        queryClient.setQueryData(contentKeys.snippet(projectRef, snippet.id), snippet)
      }),
    [queryClient],
  )
}
