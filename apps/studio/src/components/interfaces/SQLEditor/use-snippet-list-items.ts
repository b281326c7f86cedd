import type { Folder, Snippet } from '@pgfleet/contracts'
import { useEffect, useMemo } from 'react'
import { isDirty } from '../../../state/sql-editor-save-queue'
import {
  backupsOfProject,
  loadSnippet,
  restoreDraftFromBackup,
  useSqlEditorStore,
} from '../../../state/sql-editor-store'
import { listItemOf, type SnippetListItem } from './sql-editor.utils'

/**
 * Only the list fields of this project's drafts, as one string: the sidebar re-renders when a name,
 * folder, favorite or visibility changes, never for typed SQL.
 */
function useDraftListKey(projectRef: string) {
  return useSqlEditorStore((state) => {
    let key = ''
    for (const draft of Object.values(state.drafts)) {
      if (draft.projectRef !== projectRef || state.scratch[draft.id]) continue
      key += `${draft.id}|${draft.name}|${draft.folder_id}|${draft.favorite}|${draft.visibility}|${draft.baseVersion}\n`
    }
    return key
  })
}

/**
 * The sidebar's list: the server's snippets merged with the drafts here (unsaved work wins), plus drafts
 * restored from backups of an earlier visit.
 */
export function useSnippetListItems({
  projectRef,
  activeId,
  serverSnippets,
  folders,
}: {
  projectRef: string
  activeId: string | undefined
  serverSnippets: Snippet[] | undefined
  folders: readonly { folder: Folder; depth: number }[]
}) {
  const draftKey = useDraftListKey(projectRef)

  // unsaved work left by an earlier visit (a crash, a closed tab) comes back and is saved
  useEffect(() => {
    if (!serverSnippets) return
    for (const backup of backupsOfProject(projectRef)) {
      if (useSqlEditorStore.getState().drafts[backup.id]) continue
      const server = serverSnippets.find((snippet) => snippet.id === backup.id)
      if (server) loadSnippet(projectRef, server)
      else restoreDraftFromBackup(backup)
    }
  }, [serverSnippets, projectRef])
  const serverById = useMemo(
    () => new Map<string, Snippet>((serverSnippets ?? []).map((snippet) => [snippet.id, snippet])),
    [serverSnippets],
  )
  const folderIds = useMemo(() => new Set(folders.map(({ folder }) => folder.id)), [folders])

  // biome-ignore lint/correctness/useExhaustiveDependencies: draftKey stands for the drafts' list fields
  const items = useMemo(() => {
    const drafts = useSqlEditorStore.getState().drafts
    const scratch = useSqlEditorStore.getState().scratch
    const merged: SnippetListItem[] = []
    for (const snippet of serverSnippets ?? []) {
      const item = listItemOf(snippet, drafts[snippet.id])
      if (item) merged.push(item)
    }
    for (const draft of Object.values(drafts)) {
      if (draft.projectRef !== projectRef || scratch[draft.id] || serverById.has(draft.id)) continue
      // a query never saved shows once it has something to save
      if (draft.baseVersion === null && !isDirty(draft) && draft.id !== activeId) continue
      const item = listItemOf(undefined, draft)
      if (item) merged.push(item)
    }
    // a snippet whose folder is gone (deleted elsewhere) shows at the top level
    return merged.map((item) =>
      item.folder_id && !folderIds.has(item.folder_id) ? { ...item, folder_id: null } : item,
    )
  }, [serverSnippets, serverById, draftKey, projectRef, folderIds, activeId])

  return { items, serverById }
}
