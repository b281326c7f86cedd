import { useState } from 'react'
import { useSnippetsQuery } from '../../../data/content/snippets-query'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { QueryCard } from '../QueryCard/QueryCard'
import { DEFAULT_CHART_CONFIG } from '../QueryCard/query-card.utils'
import { snippetLabel } from '../SQLEditor/sql-editor.utils'
import { ADD_TO_REPORT_LABEL, NO_SAVED_QUERIES, SAVED_CARDS_PAGE_SIZE, SHOW_MORE_CARDS } from './reports.constants'
import type { DroppedCard } from './reports.utils'

/**
 * The saved queries of the project as query cards: draggable into a report under reportsV2, and with an
 * 'Add to report' button where a report is open.
 */
export function SavedQueryCards({
  projectRef,
  draggable,
  onAdd,
}: {
  projectRef: string
  draggable: boolean
  onAdd?: (card: DroppedCard) => void
}) {
  const snippets = useSnippetsQuery({ ref: projectRef })
  const [shown, setShown] = useState(SAVED_CARDS_PAGE_SIZE)
  if (snippets.isPending) return <Skeleton className="h-40" />
  if (snippets.isError) return <ErrorState error={snippets.error} onRetry={() => void snippets.refetch()} />
  const list = snippets.data.data
  if (list.length === 0) return <p className="text-sm text-neutral-500">{NO_SAVED_QUERIES}</p>
  return (
    <div className="space-y-4">
      <div className="grid gap-4 xl:grid-cols-2">
        {list.slice(0, shown).map((snippet) => (
          <QueryCard
            key={snippet.id}
            projectRef={projectRef}
            title={snippetLabel(snippet.name)}
            sql={snippet.content.sql}
            snippetId={snippet.id}
            draggable={draggable}
            actions={
              onAdd && (
                <Button
                  size="sm"
                  onClick={() =>
                    onAdd({
                      title: snippetLabel(snippet.name),
                      sql: snippet.content.sql,
                      snippetId: snippet.id,
                      config: DEFAULT_CHART_CONFIG,
                    })
                  }
                >
                  {ADD_TO_REPORT_LABEL}
                </Button>
              )
            }
          />
        ))}
      </div>
      {list.length > shown && (
        <Button onClick={() => setShown((count) => count + SAVED_CARDS_PAGE_SIZE)}>
          {SHOW_MORE_CARDS(list.length - shown)}
        </Button>
      )}
    </div>
  )
}
