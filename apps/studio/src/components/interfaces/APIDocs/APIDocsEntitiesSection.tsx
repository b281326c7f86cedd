import type { RestDescription } from '../../../data/config/rest-description-query'
import { Badge } from '../../ui/Badge'
import { DataTable } from '../../ui/DataTable'
import { DocsLink, Heading, Snippets } from './APIDocsContentParts'
import {
  COLUMN_TABLE_HEADERS,
  DOCS_LINKS,
  FOREIGN_KEY_LABEL,
  NO_TABLES,
  PRIMARY_KEY_LABEL,
  type SnippetLanguage,
} from './api-docs.constants'
import { entityColumns, entitySnippets, type SnippetContext } from './api-docs.utils'
import { parseColumnNotes } from './column-notes'

/** The column's comment, with its key marks shown as badges. */
function ColumnDescription({ description }: { description: string }) {
  const notes = parseColumnNotes(description)
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {notes.primaryKey && (
        <Badge tone="info" data-testid="primary-key-badge">
          {PRIMARY_KEY_LABEL}
        </Badge>
      )}
      {notes.foreignKeys.map((key) => (
        <Badge key={`${key.table}.${key.column}`} data-testid="foreign-key-badge">
          {FOREIGN_KEY_LABEL(key.table, key.column)}
        </Badge>
      ))}
      {notes.text && <span className="whitespace-pre-line">{notes.text}</span>}
    </span>
  )
}

/** Tables & Views: the overview, or one table's columns and snippets. */
export function APIDocsEntitiesSection({
  item,
  entities,
  description,
  language,
  context,
}: {
  item: string | undefined
  entities: string[]
  description: RestDescription | undefined
  language: SnippetLanguage
  context: SnippetContext
}) {
  if (!item) {
    return (
      <>
        <Heading title="Tables & Views">
          Every table and view of the public schema has a REST endpoint. <DocsLink href={DOCS_LINKS.postgrest} />
        </Heading>
        {entities.length === 0 ? (
          <p className="text-sm text-neutral-600">{NO_TABLES}</p>
        ) : (
          <p className="text-sm text-neutral-600">Pick a table or view on the left.</p>
        )}
      </>
    )
  }
  const columns = entityColumns(description, item)
  return (
    <>
      <Heading title={item} />
      <DataTable
        data-testid="api-docs-columns"
        headers={COLUMN_TABLE_HEADERS}
        rows={columns}
        rowKey={(column) => column.name}
        rowClassName="border-b border-neutral-100"
        cells={(column) => (
          <>
            <td className="py-1.5 pr-4 font-mono">{column.name}</td>
            <td className="py-1.5 pr-4 font-mono text-neutral-700">{column.format}</td>
            <td className="py-1.5 pr-4 text-neutral-700">{column.type}</td>
            <td className="py-1.5 pr-4 text-neutral-600">
              <ColumnDescription description={column.description} />
            </td>
          </>
        )}
      />
      <Snippets
        snippets={entitySnippets(
          language,
          context,
          item,
          columns.map((column) => column.name),
        )}
      />
    </>
  )
}
