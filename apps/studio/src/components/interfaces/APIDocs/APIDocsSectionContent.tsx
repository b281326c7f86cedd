import type { EdgeFunction } from '@pgfleet/contracts'
import type { RestDescription } from '../../../data/config/rest-description-query'
import { getErrorMessage } from '../../../data/fetcher'
import { Skeleton } from '../../ui/Skeleton'
import { DocsLink, Heading, Snippets } from './APIDocsContentParts'
import { APIDocsEdgeFunctionsSection } from './APIDocsEdgeFunctionsSection'
import { APIDocsEntitiesSection } from './APIDocsEntitiesSection'
import { APIDocsFunctionsSection } from './APIDocsFunctionsSection'
import { APIDocsStorageSection, type BucketsState } from './APIDocsStorageSection'
import {
  AUTH_INTRO,
  CONNECT_INTRO,
  DOCS_LINKS,
  LOAD_DESCRIPTION_FAILED,
  REALTIME_INTRO,
  REALTIME_NOT_HOSTED,
  type SnippetLanguage,
} from './api-docs.constants'
import { authSnippets, connectSnippets, realtimeSnippets, type SnippetContext } from './api-docs.utils'
import type { Selection } from './api-docs-selection'

/** The right-hand side of the API docs: the selected section's text and snippets. */
export function APIDocsSectionContent({
  current,
  projectRef,
  appConfig,
  description,
  entities,
  functions,
  edgeFunctions,
  buckets,
  language,
  context,
}: {
  current: Selection
  projectRef: string
  /** the project URL's parts, once its settings are known */
  appConfig: { protocol: string; endpoint: string } | undefined
  description: { isPending: boolean; isError: boolean; error: unknown; data: RestDescription | undefined }
  entities: string[]
  functions: string[]
  edgeFunctions: { data: EdgeFunction[]; loading: boolean; canDeploy: boolean }
  buckets: BucketsState
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
      content = <APIDocsStorageSection item={current.item} buckets={buckets} language={language} context={context} />
      break
    case 'edge-functions':
      content = (
        <APIDocsEdgeFunctionsSection
          projectRef={projectRef}
          item={current.item}
          functions={edgeFunctions.data}
          loading={edgeFunctions.loading}
          canDeploy={edgeFunctions.canDeploy}
          appConfig={appConfig}
          language={language}
          context={context}
        />
      )
      break
    case 'realtime':
      content = (
        <>
          <Heading title="Realtime">
            {REALTIME_INTRO} <DocsLink href={DOCS_LINKS.realtime} />
          </Heading>
          <NotHostedNote text={REALTIME_NOT_HOSTED} />
          <Snippets snippets={realtimeSnippets(language, context)} />
        </>
      )
      break
  }
  return content
}

/** Said plainly where a section documents a service pgfleet does not run for projects yet. */
function NotHostedNote({ text }: { text: string }) {
  return (
    <p
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="not-hosted-note"
    >
      {text}
    </p>
  )
}
