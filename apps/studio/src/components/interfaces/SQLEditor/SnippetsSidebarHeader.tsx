import { Button } from '../../ui/Button'
import { SnippetsSortMenu } from './SnippetsSortMenu'
import {
  NEW_FOLDER_LABEL,
  NEW_QUERY_LABEL,
  SNIPPETS_SEARCH_PLACEHOLDER,
  type SnippetSort,
} from './sql-editor.constants'

/** New query / new folder buttons, the search box and the sort menu above the snippet list. */
export function SnippetsSidebarHeader({
  search,
  onSearchChange,
  sort,
  onSortChange,
  onNewQuery,
  onNewFolder,
}: {
  search: string
  onSearchChange: (search: string) => void
  sort: SnippetSort
  onSortChange: (sort: SnippetSort) => void
  onNewQuery: () => void
  onNewFolder: () => void
}) {
  return (
    <div className="space-y-2 border-b border-neutral-200 p-3">
      <div className="flex gap-2">
        <Button variant="primary" size="sm" className="flex-1" onClick={onNewQuery} data-testid="new-query">
          {NEW_QUERY_LABEL}
        </Button>
        <Button size="sm" onClick={onNewFolder} data-testid="new-folder">
          {NEW_FOLDER_LABEL}
        </Button>
      </div>
      <div className="flex items-center gap-1">
        <input
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={SNIPPETS_SEARCH_PLACEHOLDER}
          aria-label={SNIPPETS_SEARCH_PLACEHOLDER}
          className="min-w-0 flex-1 rounded-md border border-neutral-300 px-2 py-1 text-sm"
        />
        <SnippetsSortMenu sort={sort} onSortChange={onSortChange} />
      </div>
    </div>
  )
}
