import { cn } from '../../../lib/cn'
import type { ApiDocsSectionId } from './api-docs.constants'
import type { Selection } from './api-docs-selection'

/** The left-hand list of sections, with the tables and functions under theirs. */
export function APIDocsNav({
  sections,
  current,
  entities,
  functions,
  edgeFunctions,
  buckets,
  onSelect,
}: {
  sections: readonly { id: ApiDocsSectionId; label: string }[]
  current: Selection
  entities: string[]
  functions: string[]
  /** slugs of the deployed edge functions */
  edgeFunctions: string[]
  /** names of the project's storage buckets */
  buckets: string[]
  onSelect: (selection: Selection) => void
}) {
  const renderList = (section: ApiDocsSectionId, items: string[]) =>
    items.length > 0 && (
      <ul className="mt-1 ml-3 space-y-0.5 border-l border-neutral-200 pl-2">
        {items.map((item) => (
          <li key={item}>
            <button
              type="button"
              onClick={() => onSelect({ section, item })}
              aria-current={current.section === section && current.item === item ? 'page' : undefined}
              className={cn(
                'w-full truncate rounded px-2 py-1 text-left font-mono text-xs',
                current.section === section && current.item === item
                  ? 'bg-neutral-100 text-neutral-900'
                  : 'text-neutral-600 hover:bg-neutral-50',
              )}
              data-testid={`api-docs-item-${item}`}
            >
              {item}
            </button>
          </li>
        ))}
      </ul>
    )

  return (
    <nav aria-label="API docs sections" className="w-56 shrink-0 overflow-y-auto">
      <ul className="space-y-1">
        {sections.map((section) => (
          <li key={section.id}>
            <button
              type="button"
              onClick={() => onSelect({ section: section.id })}
              aria-current={current.section === section.id && !current.item ? 'page' : undefined}
              className={cn(
                'w-full rounded px-2 py-1.5 text-left text-sm',
                current.section === section.id
                  ? 'font-medium text-neutral-900'
                  : 'text-neutral-600 hover:bg-neutral-50',
              )}
              data-testid={`api-docs-section-${section.id}`}
            >
              {section.label}
            </button>
            {section.id === 'entities' && renderList('entities', entities)}
            {section.id === 'functions' && renderList('functions', functions)}
            {section.id === 'edge-functions' && renderList('edge-functions', edgeFunctions)}
            {section.id === 'storage' && renderList('storage', buckets)}
          </li>
        ))}
      </ul>
    </nav>
  )
}
