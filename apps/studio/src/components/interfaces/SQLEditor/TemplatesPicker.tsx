import { useMemo, useState } from 'react'
import {
  LIST_VISIBLE_ENTRIES,
  TEMPLATES_EMPTY,
  TEMPLATES_SEARCH_PLACEHOLDER,
  TEMPLATES_TITLE,
} from './sql-editor.constants'
import { EDITOR_TEMPLATES, type EditorTemplate } from './sql-templates'

const TEMPLATE_ROW_HEIGHT_REM = 3.25

/** Editor templates with a search; the list scrolls once it holds more than 7 entries. */
export function TemplatesPicker({ onPick }: { onPick: (template: EditorTemplate) => void }) {
  const [search, setSearch] = useState('')
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return needle
      ? EDITOR_TEMPLATES.filter(
          (template) =>
            template.name.toLowerCase().includes(needle) || template.description.toLowerCase().includes(needle),
        )
      : EDITOR_TEMPLATES
  }, [search])

  return (
    <section aria-label={TEMPLATES_TITLE} data-testid="templates-picker">
      <h2 className="mb-2 text-sm font-semibold text-neutral-900">{TEMPLATES_TITLE}</h2>
      <input
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={TEMPLATES_SEARCH_PLACEHOLDER}
        aria-label={TEMPLATES_SEARCH_PLACEHOLDER}
        className="mb-2 w-full rounded-md border border-neutral-300 px-2.5 py-1.5 text-sm"
      />
      {shown.length === 0 ? (
        <p className="p-2 text-sm text-neutral-500">{TEMPLATES_EMPTY}</p>
      ) : (
        <ul
          className="divide-y divide-neutral-100 overflow-y-auto rounded-md border border-neutral-200"
          style={{ maxHeight: `${LIST_VISIBLE_ENTRIES * TEMPLATE_ROW_HEIGHT_REM}rem` }}
          data-testid="templates-list"
        >
          {shown.map((template) => (
            <li key={template.name} style={{ minHeight: `${TEMPLATE_ROW_HEIGHT_REM}rem` }}>
              <button
                type="button"
                onClick={() => onPick(template)}
                className="block h-full w-full px-3 py-1.5 text-left hover:bg-neutral-50"
              >
                <span className="block text-sm font-medium text-neutral-900">{template.name}</span>
                <span className="block truncate text-xs text-neutral-500">{template.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
