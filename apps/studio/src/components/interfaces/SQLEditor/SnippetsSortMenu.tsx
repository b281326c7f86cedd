import { Menu } from '../../ui/Menu'
import { SORT_STORAGE_KEY } from './snippets-sort-storage'
import { SNIPPET_SORT_OPTIONS, SNIPPETS_SORT_LABEL, type SnippetSort } from './sql-editor.constants'

/** The sidebar's sort order; the choice is remembered for the next visit. */
export function SnippetsSortMenu({
  sort,
  onSortChange,
}: {
  sort: SnippetSort
  onSortChange: (sort: SnippetSort) => void
}) {
  return (
    <Menu
      label={SNIPPETS_SORT_LABEL}
      trigger={<span aria-hidden="true">⇅</span>}
      items={SNIPPET_SORT_OPTIONS.map((option) => ({
        label: option.label,
        checked: sort === option.value,
        onSelect: () => {
          onSortChange(option.value)
          localStorage.setItem(SORT_STORAGE_KEY, option.value)
        },
      }))}
    />
  )
}
