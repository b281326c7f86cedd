import { EDGE_FUNCTION_SLUG_PATTERN, EDGE_FUNCTION_SLUG_RULE } from '@pgfleet/contracts'
import { edgeFunctionUrl } from '../APIDocs/api-docs.utils'
import { DEPLOY_EMPTY_CODE } from './edge-functions.constants'

/** The function's live URL from the project's app_config (`{protocol}://{endpoint}`), once it is known. */
export function functionUrl(appConfig: { protocol: string; endpoint: string } | undefined, name: string) {
  if (!appConfig) return undefined
  return edgeFunctionUrl(`${appConfig.protocol}://${appConfig.endpoint}`, name)
}

/** A command that really downloads the live version's files from this platform (JSON, see docs/edge-functions.md). */
export function cliDownloadCommand(origin: string, ref: string, slug: string) {
  return `curl -H "Authorization: Bearer $PGFLEET_ACCESS_TOKEN" '${origin}/v1/projects/${ref}/functions/${slug}/body' -o ${slug}.json`
}

/** Why the deploy form cannot be sent, or null. */
export function deployProblem(name: string, code: string): string | null {
  if (!EDGE_FUNCTION_SLUG_PATTERN.test(name)) return EDGE_FUNCTION_SLUG_RULE
  if (code.trim() === '') return DEPLOY_EMPTY_CODE
  return null
}

export function formatTimestamp(epochMs: number): string {
  return new Date(epochMs).toLocaleString()
}

/** The allow-list as typed, one entry per line (blank lines and surrounding spaces dropped, duplicates once). */
export function parseAllowList(text: string): string[] {
  return [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}
