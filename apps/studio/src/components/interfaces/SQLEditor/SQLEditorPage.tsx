import { useEffect } from 'react'
import { useSnippetQuery } from '../../../data/content/snippet-query'
import { isApiError } from '../../../data/fetcher'
import { backupFor, loadSnippet, restoreDraftFromBackup, useSqlEditorStore } from '../../../state/sql-editor-store'
import { ErrorState } from '../../ui/ErrorState'
import { PageSkeleton } from '../../ui/Skeleton'
import { SnippetsSidebar } from './SnippetsSidebar'
import { SQLEditor } from './SQLEditor'
import { SQLEditorLanding } from './SQLEditorLanding'
import { LOADING_QUERY_LABEL, SNIPPET_NOT_FOUND_TITLE } from './sql-editor.constants'

/** Loads a snippet into the editor's store, unless a draft of it (unsaved work, a new query) is already there. */
function SnippetEditor({ projectRef, snippetId }: { projectRef: string; snippetId: string }) {
  const hasDraft = useSqlEditorStore((state) => Boolean(state.drafts[snippetId]))
  // a query never saved has nothing to read yet; a saved one is re-read so edits made elsewhere show
  const onServer = useSqlEditorStore((state) => state.drafts[snippetId]?.baseVersion !== null)
  const query = useSnippetQuery({ ref: projectRef, id: snippetId }, { enabled: onServer, retry: false })

  useEffect(() => {
    if (query.data) loadSnippet(projectRef, query.data)
  }, [query.data, projectRef])

  useEffect(() => {
    // a query never saved: its text may be waiting in this browser's backup
    if (isApiError(query.error) && query.error.status === 404) {
      const backup = backupFor(snippetId)
      if (backup?.projectRef === projectRef) restoreDraftFromBackup(backup)
    }
  }, [query.error, snippetId, projectRef])

  if (hasDraft) return <SQLEditor projectRef={projectRef} snippetId={snippetId} variant="page" />
  if (query.isError) {
    return (
      <ErrorState
        title={SNIPPET_NOT_FOUND_TITLE}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }
  return <PageSkeleton label={LOADING_QUERY_LABEL} />
}

/**
 * /project/{ref}/sql and /project/{ref}/sql/{id}: the snippets sidebar next to the landing or a snippet.
 * Below the md breakpoint everything stacks (queries, editor, results) and the page scrolls.
 */
export function SQLEditorPage({ projectRef, snippetId }: { projectRef: string; snippetId: string | undefined }) {
  return (
    <div className="flex h-full min-h-0 flex-col md:flex-row" data-testid="sql-editor-page">
      <SnippetsSidebar projectRef={projectRef} activeId={snippetId} />
      <div className="min-w-0 flex-1 overflow-y-auto">
        {snippetId ? (
          <SnippetEditor key={snippetId} projectRef={projectRef} snippetId={snippetId} />
        ) : (
          <SQLEditorLanding projectRef={projectRef} />
        )}
      </div>
    </div>
  )
}
