import type { EdgeFunction } from '@pgfleet/contracts'
import { CodeBlock } from '../../ui/CodeBlock'
import { CLI_DOWNLOAD_LABEL, CLI_DOWNLOAD_NOTE, DEPLOYED_TITLE, LIVE_URL_LABEL } from './edge-functions.constants'
import { cliDownloadCommand, functionUrl } from './edge-functions.utils'

/** After a deploy: where the function answers and how to download its code again. */
export function DeployedFunction({
  fn,
  projectRef,
  appConfig,
}: {
  fn: EdgeFunction
  projectRef: string
  appConfig: { protocol: string; endpoint: string } | undefined
}) {
  const url = functionUrl(appConfig, fn.slug)
  return (
    <div
      className="space-y-3 rounded-md border border-emerald-200 bg-emerald-50/40 p-3"
      data-testid="deployed-function"
    >
      <p className="text-sm font-medium text-neutral-900">
        {DEPLOYED_TITLE(fn.name)} <span className="text-neutral-500">(version {fn.version})</span>
      </p>
      {url && (
        <div className="space-y-1">
          <p className="text-xs font-medium text-neutral-700">{LIVE_URL_LABEL}</p>
          <CodeBlock value={url} label={LIVE_URL_LABEL} data-testid="deployed-function-url" />
        </div>
      )}
      <div className="space-y-1">
        <p className="text-xs font-medium text-neutral-700">{CLI_DOWNLOAD_LABEL}</p>
        <CodeBlock
          value={cliDownloadCommand(window.location.origin, projectRef, fn.slug)}
          label={CLI_DOWNLOAD_LABEL}
          data-testid="deployed-function-cli"
        />
        <p className="text-xs text-neutral-500">{CLI_DOWNLOAD_NOTE}</p>
      </div>
    </div>
  )
}
