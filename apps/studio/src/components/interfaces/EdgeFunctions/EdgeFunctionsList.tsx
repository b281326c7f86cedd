import { Link, useParams } from 'react-router'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { useEdgeFunctionsQuery } from '../../../data/edge-functions/edge-functions-query'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import {
  EDGE_FUNCTIONS_LIST_HEADERS,
  EDGE_FUNCTIONS_TITLE,
  LOAD_EDGE_FUNCTIONS_ERROR,
  NO_EDGE_FUNCTIONS_MESSAGE,
} from './edge-functions.constants'
import { formatTimestamp, functionUrl } from './edge-functions.utils'
import { NetworkAccessSection } from './NetworkAccessSection'

/** /project/{ref}/functions: every deployed function with its version, last update and URL. */
export function EdgeFunctionsList() {
  const { ref } = useParams()
  const functions = useEdgeFunctionsQuery({ ref })
  const settings = useProjectSettingsQuery({ ref })
  const appConfig = settings.data?.app_config

  let content: React.ReactNode
  if (functions.isPending) content = <Skeleton className="h-40 w-full" />
  else if (functions.isError) {
    content = (
      <ErrorState
        title={LOAD_EDGE_FUNCTIONS_ERROR}
        error={functions.error}
        onRetry={() => void functions.refetch()}
        retrying={functions.isFetching}
      />
    )
  } else if (functions.data.length === 0) {
    content = (
      <p
        className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600"
        data-testid="edge-functions-empty"
      >
        {NO_EDGE_FUNCTIONS_MESSAGE}
      </p>
    )
  } else {
    content = (
      <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white shadow-xs">
        <table className="w-full text-left text-sm" data-testid="edge-functions-table">
          <thead>
            <tr className="border-b border-neutral-200 text-xs text-neutral-500">
              {EDGE_FUNCTIONS_LIST_HEADERS.map((header) => (
                <th key={header} scope="col" className="px-4 py-2 font-medium">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {functions.data.map((fn) => (
              <tr
                key={fn.id}
                className="border-b border-neutral-100 last:border-0"
                data-testid={`edge-function-row-${fn.slug}`}
              >
                <td className="px-4 py-2">
                  <Link
                    to={`/project/${ref}/functions/${fn.slug}/details`}
                    className="font-medium text-emerald-700 hover:underline"
                  >
                    {fn.name}
                  </Link>
                </td>
                <td className="px-4 py-2 font-mono text-neutral-700">{fn.slug}</td>
                <td className="px-4 py-2 text-neutral-700">{fn.version}</td>
                <td className="px-4 py-2 text-neutral-700">{formatTimestamp(fn.updated_at)}</td>
                <td className="px-4 py-2 font-mono text-xs text-neutral-600">
                  {functionUrl(appConfig, fn.slug) ?? ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  }

  return (
    <PageContainer className="space-y-6" data-testid="edge-functions-page">
      <h1 className="text-xl font-semibold text-neutral-900">{EDGE_FUNCTIONS_TITLE}</h1>
      {content}
      <NetworkAccessSection projectRef={ref} />
    </PageContainer>
  )
}
