import {
  DEFAULT_EDGE_FUNCTION_ENTRYPOINT,
  DEPLOY_EDGE_FUNCTION_ERROR,
  DEPLOY_FUNCTION_ERROR,
  EDGE_FUNCTION_SLUG_RULE,
} from '@pgfleet/contracts'

export const EDGE_FUNCTIONS_TITLE = 'Edge Functions'
export const EDGE_FUNCTION_DETAILS_TITLE = 'Edge function details'
export const EDGE_FUNCTIONS_LIST_HEADERS = ['Name', 'Slug', 'Version', 'Updated', 'URL'] as const
export const NO_EDGE_FUNCTIONS_MESSAGE =
  'No edge functions yet. Deploy one from the API Docs (Edge Functions section) or with the management API.'
export const LOAD_EDGE_FUNCTIONS_ERROR = 'Failed to retrieve edge functions'
export const LOAD_EDGE_FUNCTION_ERROR = 'Failed to retrieve the edge function'
export const BACK_TO_FUNCTIONS_LABEL = 'All functions'

/** The deploy's texts and defaults. */
export const DEPLOY_FAILED = DEPLOY_FUNCTION_ERROR
export const DEPLOY_INVALID = DEPLOY_EDGE_FUNCTION_ERROR
export const DEPLOY_ENTRYPOINT = DEFAULT_EDGE_FUNCTION_ENTRYPOINT
export const DEPLOY_TITLE = 'Deploy a new function'
export const DEPLOY_NAME_LABEL = 'Function name'
export const DEPLOY_NAME_DESCRIPTION = `${EDGE_FUNCTION_SLUG_RULE}. It is also the function's URL path.`
export const DEPLOY_CODE_LABEL = `Code (${DEFAULT_EDGE_FUNCTION_ENTRYPOINT})`
export const DEPLOY_VERIFY_JWT_LABEL = 'Verify JWT'
export const DEPLOY_VERIFY_JWT_DESCRIPTION =
  'Callers must send a JWT signed with the project secret (the anon key, or a signed-in user token).'
export const DEPLOY_BUTTON_LABEL = 'Deploy function'
export const DEPLOY_EMPTY_CODE = 'the code is empty'
export const DEPLOY_SUCCESS_TOAST = (name: string, version: number) => `Deployed ${name} (version ${version})`
export const DEPLOYED_TITLE = (name: string) => `${name} is live`
export const LIVE_URL_LABEL = 'Live URL'
export const CLI_DOWNLOAD_LABEL = 'Download its code'
export const CLI_DOWNLOAD_NOTE =
  'Set PGFLEET_ACCESS_TOKEN to a personal access token (Account, Access tokens) first; the files come back as JSON.'

/** A deploy over an existing function asks to replace it or cancel. */
export const REPLACE_TITLE = (name: string) => `Replace function ${name}?`
export const REPLACE_DESCRIPTION = (name: string) =>
  `A function named ${name} already exists. Deploying replaces its code with a new version; callers get the new code at once.`
export const REPLACE_CONFIRM_LABEL = 'Replace function'
export const REPLACE_CANCEL_LABEL = 'Cancel'

export const DETAILS_URL_LABEL = 'URL'
export const DETAILS_VERIFY_JWT_LABEL = 'Verify JWT'
export const DETAILS_VERSION_LABEL = 'Version'
export const DETAILS_CREATED_LABEL = 'Created'
export const DETAILS_UPDATED_LABEL = 'Updated'
export const DETAILS_STATUS_LABEL = 'Status'
export const INVOKE_TITLE = 'Invoke'
export const DELETE_FUNCTION_LABEL = 'Delete function'
export const DELETE_FUNCTION_TITLE = (name: string) => `Confirm deletion of ${name}`
export const DELETE_FUNCTION_DESCRIPTION =
  'The function and its code are removed and its URL stops answering. This cannot be undone.'
export const DELETE_FUNCTION_SUCCESS = (name: string) => `Deleted function ${name}`
export const DELETE_FUNCTION_FAILED = (message: string) => `Failed to delete function: ${message}`
export const FUNCTIONS_WRITE_TOOLTIP = 'You need additional permissions to deploy or delete edge functions'

/** What the code editor starts with: the hosted product's hello-world, on Deno.serve. */
export const DENO_SERVE_TEMPLATE = `// Follow this setup guide to integrate the Deno language server with your editor:
// https://deno.land/manual/getting_started/setup_your_environment

Deno.serve(async (req) => {
  const { name } = await req.json().catch(() => ({ name: 'Functions' }))
  const data = { message: \`Hello \${name}!\` }

  return new Response(JSON.stringify(data), {
    headers: { 'Content-Type': 'application/json' },
  })
})
`

export const NETWORK_ACCESS_TITLE = 'Network access'
export const NETWORK_ACCESS_DESCRIPTION =
  'Functions reach the internet and this project’s APIs. Loopback, private and link-local addresses are blocked unless listed here: one IPv4 address, IPv4 range (10.0.0.0/24) or host name per line.'
export const NETWORK_ACCESS_LABEL = 'Allowed addresses'
export const NETWORK_ACCESS_SAVE = 'Save'
export const NETWORK_ACCESS_SAVED = 'Network access saved: running functions use it from their next call'
export const NETWORK_ACCESS_FAILED = (message: string) => `Failed to save network access: ${message}`
export const LOAD_NETWORK_ACCESS_ERROR = 'Failed to load the network access'
export const NETWORK_ACCESS_READ_ONLY = 'You need additional permissions to change what functions may reach'
