import { PermissionAction, PermissionResource, type Snippet, type SnippetList } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { contentKeys } from '../../../data/content/keys'
import { useTableNamesQuery } from '../../../data/pg-meta/table-names-query'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import {
  onSnippetSaved,
  setCurrentUserId,
  setProjectReadOnly,
  useSqlEditorStore,
} from '../../../state/sql-editor-store'
import { buildCompletionSchema } from './completion-schema'

const COMPLETION_METADATA_STALE_MS = 5 * 60_000

/** Tables and columns for completion; the namespace is rebuilt only when the metadata changes. */
export function useCompletionSchema(projectRef: string) {
  const { data } = useTableNamesQuery({ ref: projectRef }, { staleTime: COMPLETION_METADATA_STALE_MS, retry: false })
  return useMemo(() => (data ? buildCompletionSchema(data) : undefined), [data])
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
