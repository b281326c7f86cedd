import type { RestDescription } from '../../../data/config/rest-description-query'
import { getErrorMessage } from '../../../data/fetcher'
import { Skeleton } from '../../ui/Skeleton'
import { DocsLink, Heading, Snippets } from './APIDocsContentParts'
import { APIDocsEntitiesSection } from './APIDocsEntitiesSection'
import { APIDocsFunctionsSection } from './APIDocsFunctionsSection'
import {
  AUTH_INTRO,
  CONNECT_INTRO,
  DOCS_LINKS,
  EDGE_FUNCTIONS_INTRO,
  LOAD_DESCRIPTION_FAILED,
  NO_BUCKETS,
  NO_EDGE_FUNCTIONS,
  REALTIME_INTRO,
  type SnippetLanguage,
  STORAGE_INTRO,
} from './api-docs.constants'
import {
  authSnippets,
  connectSnippets,
  domainOf,
  edgeFunctionSnippets,
  edgeFunctionUrl,
  realtimeSnippets,
  type SnippetContext,
  storageSnippets,
} from './api-docs.utils'
import type { Selection } from './api-docs-selection'

/** The right-hand side of the API docs: the selected section's text and snippets. */
export function APIDocsSectionContent({
  current,
  projectRef,
  endpoint,
  description,
  entities,
  functions,
  language,
  context,
}: {
  current: Selection
  projectRef: string
  /** the project's API endpoint, once its settings are known */
  endpoint: string | undefined
  description: { isPending: boolean; isError: boolean; error: unknown; data: RestDescription | undefined }
  entities: string[]
  functions: string[]
  language: SnippetLanguage
  context: SnippetContext
}) {
  const descriptionState = description.isPending ? (
    <Skeleton className="h-32 w-full" />
  ) : description.isError ? (
    <p role="alert" className="text-sm text-red-700">
      {LOAD_DESCRIPTION_FAILED}: {getErrorMessage(description.error)}
    </p>
  ) : null

  let content: React.ReactNode
  switch (current.section) {
    case 'connect':
      content = (
        <>
          <Heading title="Connect to your project">
            {CONNECT_INTRO} <DocsLink href={DOCS_LINKS.js} />
          </Heading>
          <Snippets snippets={connectSnippets(language, context)} />
        </>
      )
      break
    case 'auth':
      content = (
        <>
          <Heading title="User Management">
            {AUTH_INTRO} <DocsLink href={DOCS_LINKS.auth} />
          </Heading>
          <Snippets snippets={authSnippets(language, context)} />
        </>
      )
      break
    case 'entities':
      content = descriptionState ?? (
        <APIDocsEntitiesSection
          item={current.item}
          entities={entities}
          description={description.data}
          language={language}
          context={context}
        />
      )
      break
    case 'functions':
      content = descriptionState ?? (
        <APIDocsFunctionsSection
          item={current.item}
          functions={functions}
          description={description.data}
          language={language}
          context={context}
        />
      )
      break
    case 'storage':
      content = (
        <>
          <Heading title="Storage">
            {STORAGE_INTRO} <DocsLink href={DOCS_LINKS.storage} />
          </Heading>
          <p className="rounded-md border border-dashed border-neutral-300 px-3 py-4 text-sm text-neutral-600">
            {NO_BUCKETS}
          </p>
          <Snippets snippets={storageSnippets(language, context)} />
        </>
      )
      break
    case 'edge-functions': {
      const functionUrl = edgeFunctionUrl(projectRef, domainOf(projectRef, endpoint ?? 'example.com'), 'hello-world')
      content = (
        <>
          <Heading title="Edge Functions">
            {EDGE_FUNCTIONS_INTRO} <code className="font-mono text-xs">{`{ref}.{domain}/functions/v1/{name}`}</code>.{' '}
            <DocsLink href={DOCS_LINKS.functions} />
          </Heading>
          <p className="rounded-md border border-dashed border-neutral-300 px-3 py-4 text-sm text-neutral-600">
            {NO_EDGE_FUNCTIONS}
          </p>
          <Snippets snippets={edgeFunctionSnippets(language, context, functionUrl)} />
        </>
      )
      break
    }
    case 'realtime':
      content = (
        <>
          <Heading title="Realtime">
            {REALTIME_INTRO} <DocsLink href={DOCS_LINKS.realtime} />
          </Heading>
          <Snippets snippets={realtimeSnippets(language, context)} />
        </>
      )
      break
  }
  return content
}
