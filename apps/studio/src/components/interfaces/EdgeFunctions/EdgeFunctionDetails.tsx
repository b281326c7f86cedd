import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { Link, useParams } from 'react-router'
import { useApiKeysQuery } from '../../../data/api-keys/api-keys-query'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { useEdgeFunctionQuery } from '../../../data/edge-functions/edge-function-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Badge } from '../../ui/Badge'
import { CodeBlock } from '../../ui/CodeBlock'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { ANON_KEY_PLACEHOLDER } from '../APIDocs/api-docs.constants'
import { edgeFunctionSnippets } from '../APIDocs/api-docs.utils'
import { DeleteEdgeFunctionButton } from './DeleteEdgeFunctionButton'
import {
  BACK_TO_FUNCTIONS_LABEL,
  CLI_DOWNLOAD_LABEL,
  CLI_DOWNLOAD_NOTE,
  DETAILS_CREATED_LABEL,
  DETAILS_STATUS_LABEL,
  DETAILS_UPDATED_LABEL,
  DETAILS_URL_LABEL,
  DETAILS_VERIFY_JWT_LABEL,
  DETAILS_VERSION_LABEL,
  INVOKE_TITLE,
  LOAD_EDGE_FUNCTION_ERROR,
} from './edge-functions.constants'
import { cliDownloadCommand, formatTimestamp, functionUrl } from './edge-functions.utils'

const INVOKE_LANGUAGES = ['bash', 'js'] as const

/** /project/{ref}/functions/{name}/details: URL, settings, version, how to call it and how to delete it. */
export function EdgeFunctionDetails() {
  const { ref, name } = useParams()
  const fn = useEdgeFunctionQuery({ ref, slug: name })
  const settings = useProjectSettingsQuery({ ref })
  const project = useProjectDetailQuery({ ref })
  const keys = useApiKeysQuery({ ref })
  const { can: canWrite } = useCan(PermissionAction.FUNCTIONS_WRITE, PermissionResource.EDGE_FUNCTIONS, {
    orgSlug: project.data?.organization_slug,
  })

  const back = (
    <Link to={`/project/${ref}/functions`} className="text-sm text-emerald-700 hover:underline">
      ← {BACK_TO_FUNCTIONS_LABEL}
    </Link>
  )
  if (fn.isPending) return <Skeleton className="m-8 h-64" />
  if (fn.isError) {
    return (
      <PageContainer>
        {back}
        <ErrorState title={LOAD_EDGE_FUNCTION_ERROR} error={fn.error} onRetry={() => void fn.refetch()} />
      </PageContainer>
    )
  }
  const url = functionUrl(settings.data?.app_config, fn.data.slug) ?? ''
  const anonKey = keys.data?.find((key) => key.name === 'anon')?.api_key ?? ANON_KEY_PLACEHOLDER
  const facts: [string, React.ReactNode][] = [
    [
      DETAILS_STATUS_LABEL,
      <Badge key="status" tone="success">
        {fn.data.status}
      </Badge>,
    ],
    [DETAILS_VERSION_LABEL, fn.data.version],
    [DETAILS_VERIFY_JWT_LABEL, fn.data.verify_jwt ? 'On' : 'Off'],
    [DETAILS_CREATED_LABEL, formatTimestamp(fn.data.created_at)],
    [DETAILS_UPDATED_LABEL, formatTimestamp(fn.data.updated_at)],
  ]

  return (
    <PageContainer className="space-y-6" data-testid="edge-function-details">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-mono text-xl font-semibold text-neutral-900">{fn.data.name}</h1>
        {ref && <DeleteEdgeFunctionButton projectRef={ref} slug={fn.data.slug} canDelete={canWrite} />}
      </div>
      <section className="space-y-1.5">
        <h2 className="text-sm font-medium text-neutral-800">{DETAILS_URL_LABEL}</h2>
        <CodeBlock value={url} label={DETAILS_URL_LABEL} data-testid="edge-function-url" />
      </section>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-neutral-500">{label}</dt>
            <dd
              className="mt-0.5 text-neutral-900"
              data-testid={`edge-function-${label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <section className="space-y-3">
        <h2 className="text-base font-semibold text-neutral-900">{INVOKE_TITLE}</h2>
        {INVOKE_LANGUAGES.flatMap((language) =>
          edgeFunctionSnippets(language, { url, anonKey }, url).map((snippet) => (
            <CodeBlock
              key={`${language}-${snippet.title}`}
              value={snippet.code}
              label={snippet.title}
              data-testid={`edge-function-snippet-${language}`}
            />
          )),
        )}
      </section>
      <section className="space-y-1.5">
        <h2 className="text-sm font-medium text-neutral-800">{CLI_DOWNLOAD_LABEL}</h2>
        <CodeBlock
          value={cliDownloadCommand(window.location.origin, ref ?? '', fn.data.slug)}
          label={CLI_DOWNLOAD_LABEL}
        />
        <p className="text-xs text-neutral-500">{CLI_DOWNLOAD_NOTE}</p>
      </section>
    </PageContainer>
  )
}
