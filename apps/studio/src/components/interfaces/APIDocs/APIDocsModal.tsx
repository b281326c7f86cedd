import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { useApiKeysQuery } from '../../../data/config/api-keys-query'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { useRestDescriptionQuery } from '../../../data/config/rest-description-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useTypescriptTypesGenerateMutation } from '../../../data/pg-meta/typescript-types-generate-mutation'
import { cn } from '../../../lib/cn'
import { saveBlobAs } from '../../../lib/save-file'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { Badge } from '../../ui/Badge'
import { Button, buttonClassName } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { Dialog } from '../../ui/Dialog'
import { Skeleton } from '../../ui/Skeleton'
import {
  ANON_KEY_PLACEHOLDER,
  API_DOCS_DESCRIPTION,
  API_DOCS_TITLE,
  type ApiDocsFlag,
  type ApiDocsSectionId,
  AUTH_INTRO,
  COLUMN_TABLE_HEADERS,
  CONNECT_INTRO,
  DOCS_LINK_LABEL,
  DOCS_LINKS,
  EDGE_FUNCTIONS_INTRO,
  GENERATE_TYPES_FAILED,
  GENERATE_TYPES_LABEL,
  GRAPHIQL_LABEL,
  GRAPHIQL_PATH,
  HIDE_KEYS_LABEL,
  LANGUAGES,
  LOAD_DESCRIPTION_FAILED,
  NO_ARGUMENTS,
  NO_BUCKETS,
  NO_EDGE_FUNCTIONS,
  NO_FUNCTIONS,
  NO_TABLES,
  REALTIME_INTRO,
  SHOW_KEYS_LABEL,
  type SnippetLanguage,
  STORAGE_INTRO,
  TYPES_DOWNLOADED_TOAST,
  TYPES_FILE_NAME,
} from './api-docs.constants'
import {
  argumentBadge,
  authSnippets,
  connectSnippets,
  domainOf,
  edgeFunctionSnippets,
  edgeFunctionUrl,
  entitiesOf,
  entityColumns,
  entitySnippets,
  functionArguments,
  functionSnippets,
  functionsOf,
  realtimeSnippets,
  type Snippet,
  type SnippetContext,
  storageSnippets,
  visibleSections,
} from './api-docs.utils'

type Selection = { section: ApiDocsSectionId; item?: string }

function Snippets({ snippets }: { snippets: Snippet[] }) {
  return (
    <div className="space-y-4">
      {snippets.map((snippet) => (
        <div key={snippet.title} className="space-y-1.5">
          <h4 className="text-sm font-medium text-neutral-800">{snippet.title}</h4>
          <CodeBlock value={snippet.code} label={snippet.title} data-testid="api-docs-snippet" />
        </div>
      ))}
    </div>
  )
}

function DocsLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="text-sm text-emerald-700 underline">
      {DOCS_LINK_LABEL}
    </a>
  )
}

function Heading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <h3 className="text-lg font-semibold text-neutral-900" data-testid="api-docs-heading">
        {title}
      </h3>
      {children && <div className="text-sm text-neutral-600">{children}</div>}
    </div>
  )
}

function useIsFlagOn() {
  const flags: Record<ApiDocsFlag, boolean> = {
    project_auth: isFlagOn(useFlag('project_auth')),
    project_storage: isFlagOn(useFlag('project_storage')),
    project_edge_function: isFlagOn(useFlag('project_edge_function')),
    realtime: isFlagOn(useFlag('realtime')),
  }
  return (flag: ApiDocsFlag) => flags[flag]
}

export default function APIDocsModal({
  projectRef,
  open,
  onOpenChange,
}: {
  projectRef: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [selection, setSelection] = useState<Selection>({ section: 'connect' })
  const [language, setLanguage] = useState<SnippetLanguage>('js')
  const [showKeys, setShowKeys] = useState(false)
  const isOn = useIsFlagOn()
  const sections = visibleSections(isOn)
  const settings = useProjectSettingsQuery({ ref: projectRef })
  const keys = useApiKeysQuery({ ref: projectRef }, { enabled: showKeys })
  const description = useRestDescriptionQuery({ ref: projectRef })
  const types = useTypescriptTypesGenerateMutation({
    onSuccess: ({ types: text }) => {
      saveBlobAs(new Blob([text], { type: 'text/typescript' }), TYPES_FILE_NAME)
      toast.success(TYPES_DOWNLOADED_TOAST)
    },
    onError: (error) => toast.error(GENERATE_TYPES_FAILED(getErrorMessage(error))),
  })

  const appConfig = settings.data?.app_config
  const url = appConfig ? `${appConfig.protocol}://${appConfig.endpoint}` : `https://${projectRef}.example.com`
  const anonKey = showKeys
    ? (keys.data?.find((key) => key.name === 'anon')?.api_key ?? ANON_KEY_PLACEHOLDER)
    : ANON_KEY_PLACEHOLDER
  const context: SnippetContext = { url, anonKey }
  const entities = entitiesOf(description.data)
  const functions = functionsOf(description.data)
  const current = sections.some((section) => section.id === selection.section)
    ? selection
    : { section: 'connect' as const }

  const renderList = (section: ApiDocsSectionId, items: string[]) =>
    items.length > 0 && (
      <ul className="mt-1 ml-3 space-y-0.5 border-l border-neutral-200 pl-2">
        {items.map((item) => (
          <li key={item}>
            <button
              type="button"
              onClick={() => setSelection({ section, item })}
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
    case 'entities': {
      if (descriptionState) content = descriptionState
      else if (!current.item) {
        content = (
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
      } else {
        const columns = entityColumns(description.data, current.item)
        content = (
          <>
            <Heading title={current.item} />
            <table className="w-full text-left text-sm" data-testid="api-docs-columns">
              <thead>
                <tr className="border-b border-neutral-200 text-xs text-neutral-500">
                  {COLUMN_TABLE_HEADERS.map((header) => (
                    <th key={header} scope="col" className="py-2 pr-4 font-medium">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {columns.map((column) => (
                  <tr key={column.name} className="border-b border-neutral-100">
                    <td className="py-1.5 pr-4 font-mono">{column.name}</td>
                    <td className="py-1.5 pr-4 font-mono text-neutral-700">{column.format}</td>
                    <td className="py-1.5 pr-4 text-neutral-700">{column.type}</td>
                    <td className="py-1.5 pr-4 text-neutral-600">{column.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Snippets
              snippets={entitySnippets(
                language,
                context,
                current.item,
                columns.map((column) => column.name),
              )}
            />
          </>
        )
      }
      break
    }
    case 'functions': {
      if (descriptionState) content = descriptionState
      else if (!current.item) {
        content = (
          <>
            <Heading title="Stored Procedures">
              Call Postgres functions of the public schema as remote procedures.{' '}
              <DocsLink href={DOCS_LINKS.postgrest} />
            </Heading>
            {functions.length === 0 ? (
              <p className="text-sm text-neutral-600">{NO_FUNCTIONS}</p>
            ) : (
              <p className="text-sm text-neutral-600">Pick a function on the left.</p>
            )}
          </>
        )
      } else {
        const args = functionArguments(description.data, current.item)
        content = (
          <>
            <Heading title={current.item} />
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
            <Snippets snippets={functionSnippets(language, context, current.item, args)} />
          </>
        )
      }
      break
    }
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
      const functionUrl = edgeFunctionUrl(
        projectRef,
        domainOf(projectRef, appConfig?.endpoint ?? 'example.com'),
        'hello-world',
      )
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

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={API_DOCS_TITLE}
      description={API_DOCS_DESCRIPTION}
      className="h-[85vh] max-w-6xl!"
      data-testid="api-docs-modal"
    >
      <div className="flex h-full min-h-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex rounded-md border border-neutral-300">
            <legend className="sr-only">Language</legend>
            {LANGUAGES.map((lang) => (
              <button
                key={lang.id}
                type="button"
                aria-pressed={language === lang.id}
                onClick={() => setLanguage(lang.id)}
                className={cn(
                  'px-3 py-1.5 text-sm',
                  language === lang.id ? 'bg-neutral-900 text-white' : 'bg-white text-neutral-700 hover:bg-neutral-50',
                )}
                data-testid={`api-docs-language-${lang.id}`}
              >
                {lang.label}
              </button>
            ))}
          </fieldset>
          <Button
            size="sm"
            aria-pressed={showKeys}
            onClick={() => setShowKeys((value) => !value)}
            data-testid="api-docs-toggle-keys"
          >
            {showKeys ? HIDE_KEYS_LABEL : SHOW_KEYS_LABEL}
          </Button>
          <Button
            size="sm"
            loading={types.isPending}
            onClick={() => types.mutate({ ref: projectRef, includedSchemas: ['public'] })}
            data-testid="api-docs-generate-types"
          >
            {GENERATE_TYPES_LABEL}
          </Button>
          <Link
            to={GRAPHIQL_PATH(projectRef)}
            className={buttonClassName({ size: 'sm', variant: 'ghost' })}
            onClick={() => onOpenChange(false)}
          >
            {GRAPHIQL_LABEL}
          </Link>
        </div>
        <div className="flex min-h-0 flex-1 gap-6">
          <nav aria-label="API docs sections" className="w-56 shrink-0 overflow-y-auto">
            <ul className="space-y-1">
              {sections.map((section) => (
                <li key={section.id}>
                  <button
                    type="button"
                    onClick={() => setSelection({ section: section.id })}
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
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0 flex-1 space-y-4 overflow-y-auto pr-1" data-testid="api-docs-content">
            {content}
          </div>
        </div>
      </div>
    </Dialog>
  )
}
