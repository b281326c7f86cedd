import type { EdgeFunction } from '@pgfleet/contracts'
import { CodeBlock } from '../../ui/CodeBlock'
import { Skeleton } from '../../ui/Skeleton'
import { DeployFunctionForm } from '../EdgeFunctions/DeployFunctionForm'
import { DocsLink, Heading, Snippets } from './APIDocsContentParts'
import { DOCS_LINKS, EDGE_FUNCTIONS_INTRO, NO_EDGE_FUNCTIONS, type SnippetLanguage } from './api-docs.constants'
import { edgeFunctionSnippets, edgeFunctionUrl, type SnippetContext } from './api-docs.utils'

/** Edge Functions: the overview with the deploy form, or one function's URL and invoke snippets. */
export function APIDocsEdgeFunctionsSection({
  projectRef,
  item,
  functions,
  loading,
  canDeploy,
  appConfig,
  language,
  context,
}: {
  projectRef: string
  item: string | undefined
  functions: EdgeFunction[]
  loading: boolean
  canDeploy: boolean
  appConfig: { protocol: string; endpoint: string } | undefined
  language: SnippetLanguage
  context: SnippetContext
}) {
  const selected = item ? functions.find((fn) => fn.slug === item) : undefined
  if (selected) {
    const url = edgeFunctionUrl(context.url, selected.slug)
    return (
      <>
        <Heading title={selected.name}>
          Version {selected.version}, JWT verification {selected.verify_jwt ? 'on' : 'off'}.
        </Heading>
        <CodeBlock value={url} label="Function URL" data-testid="api-docs-edge-function-url" />
        <Snippets snippets={edgeFunctionSnippets(language, context, url)} />
      </>
    )
  }
  return (
    <>
      <Heading title="Edge Functions">
        {EDGE_FUNCTIONS_INTRO} <code className="font-mono text-xs">{`{ref}.{domain}/functions/v1/{name}`}</code>.{' '}
        <DocsLink href={DOCS_LINKS.functions} />
      </Heading>
      {loading ? (
        <Skeleton className="h-10 w-full" />
      ) : functions.length === 0 ? (
        <p className="rounded-md border border-dashed border-neutral-300 px-3 py-4 text-sm text-neutral-600">
          {NO_EDGE_FUNCTIONS}
        </p>
      ) : (
        <p className="text-sm text-neutral-600">Pick a function on the left for its URL and snippets.</p>
      )}
      <DeployFunctionForm
        projectRef={projectRef}
        existingSlugs={functions.map((fn) => fn.slug)}
        canDeploy={canDeploy}
        appConfig={appConfig}
      />
    </>
  )
}
