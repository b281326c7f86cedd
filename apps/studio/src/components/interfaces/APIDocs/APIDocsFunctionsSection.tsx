import type { RestDescription } from '../../../data/config/rest-description-query'
import { Badge } from '../../ui/Badge'
import { DocsLink, Heading, Snippets } from './APIDocsContentParts'
import { DOCS_LINKS, NO_ARGUMENTS, NO_FUNCTIONS, type SnippetLanguage } from './api-docs.constants'
import { argumentBadge, functionArguments, functionSnippets, type SnippetContext } from './api-docs.utils'

/** Stored Procedures: the overview, or one function's arguments and snippets. */
export function APIDocsFunctionsSection({
  item,
  functions,
  description,
  language,
  context,
}: {
  item: string | undefined
  functions: string[]
  description: RestDescription | undefined
  language: SnippetLanguage
  context: SnippetContext
}) {
  if (!item) {
    return (
      <>
        <Heading title="Stored Procedures">
          Call Postgres functions of the public schema as remote procedures. <DocsLink href={DOCS_LINKS.postgrest} />
        </Heading>
        {functions.length === 0 ? (
          <p className="text-sm text-neutral-600">{NO_FUNCTIONS}</p>
        ) : (
          <p className="text-sm text-neutral-600">Pick a function on the left.</p>
        )}
      </>
    )
  }
  const args = functionArguments(description, item)
  return (
    <>
      <Heading title={item} />
      {args.length === 0 ? (
        <p className="text-sm text-neutral-600">{NO_ARGUMENTS}</p>
      ) : (
        <ul
          className="divide-y divide-neutral-100 rounded-md border border-neutral-200"
          data-testid="api-docs-arguments"
        >
          {args.map((arg) => (
            <li key={arg.name} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="font-mono">{arg.name}</span>
              <span className="text-neutral-500">{arg.format || arg.type}</span>
              <Badge tone={arg.required ? 'warning' : 'neutral'}>{argumentBadge(arg)}</Badge>
            </li>
          ))}
        </ul>
      )}
      <Snippets snippets={functionSnippets(language, context, item, args)} />
    </>
  )
}
