import { ASSISTANT_TEXTS } from '@pgfleet/contracts'

export { ASSISTANT_TEXTS }

export const RESET_LABEL = 'Reset'
export const CLOSE_LABEL = 'Close assistant'
export const ALPHA_BADGE = 'Alpha'
export const SETTINGS_LABEL = 'AI settings'
export const CONVERSATIONS_LABEL = 'Conversations'
export const RENAME_CONVERSATION_LABEL = 'Rename'
export const DELETE_CONVERSATION_LABEL = 'Delete'
export const CONVERSATION_NAME_LABEL = 'Conversation name'
export const SEND_LABEL = 'Send'
export const STOP_LABEL = 'Stop'
export const MESSAGE_INPUT_LABEL = 'Message the assistant'
export const THINKING_LABEL = 'Thinking'
export const CONVERSATION_LOAD_FAILED = 'Failed to load the conversation'
export const CONVERSATION_DELETED = 'Conversation deleted'
export const CONVERSATION_RENAMED = 'Conversation renamed'
export const CONVERSATION_ACTION_FAILED = (message: string) => `Failed to update the conversation: ${message}`
export const GENERATE_FAILED = (message: string) => `Failed to generate: ${message}`

export const OPT_IN_NOTICE =
  'The assistant does not see your database schema. Opt in to send schema metadata (names and types, never data) for better answers.'
export const OPT_IN_BUTTON_LABEL = 'Opt in'
export const OPT_IN_DESCRIPTION =
  "By opting in, your organization lets the assistant send your database's schema metadata (schema, table and column names and types) to the model to write better SQL. Your data itself is never sent. You can opt out any time in the organization settings."
export const OPT_IN_CONFIRM_LABEL = 'Confirm'
export const HIPAA_NOTICE = 'Your organization has the HIPAA add-on: no schema metadata is sent to the model.'

export const AI_SETTINGS_TITLE = 'AI settings'
export const AI_SETTINGS_DESCRIPTION =
  'Choose the schemas whose metadata (names and types of tables, columns, functions and policies) the assistant may send to the model. Your data itself is never sent.'
export const AI_SETTINGS_NEEDS_OPT_IN =
  'Your organization has not opted in to sending schema metadata: opt in first to choose the shared schemas.'
export const AI_SETTINGS_SAVED = 'AI settings saved'
export const AI_SETTINGS_SAVE_FAILED = (message: string) => `Failed to save the AI settings: ${message}`
export const SCHEMAS_LOAD_FAILED = 'Failed to load schemas'
export const SAVE_LABEL = 'Save'

/** Lists in the assistant's dialogs scroll after this many entries. */
export const LIST_VISIBLE_ENTRIES = 7

export const TOOL_CHIP_LABELS: Record<string, string> = {
  list_schemas: 'Read schemas',
  list_tables: 'Read tables',
  list_functions: 'Read functions',
  list_policies: 'Read policies',
  list_extensions: 'Read extensions',
}

export const DEBUG_PROMPT_MARKER = 'Help me to debug'

export type SuggestionGroup = { title: string; prompts: readonly string[] }

export const SUGGESTION_GROUPS: readonly SuggestionGroup[] = [
  {
    title: 'Tables',
    prompts: [
      'Create a table for blog posts with a title, body, author and publish date',
      'Add a created_at timestamp column to every table in the public schema',
      'List my tables with their row counts',
    ],
  },
  {
    title: 'RLS Policies',
    prompts: [
      'Create a policy so users can only read their own rows',
      'Enable row level security on all tables in the public schema',
      'Explain the policies on my tables',
    ],
  },
  {
    title: 'Functions',
    prompts: [
      'Create a function that returns the number of rows in a table',
      'Write a function that slugifies a text value',
      'List the functions in my database',
    ],
  },
  {
    title: 'Triggers',
    prompts: [
      'Create a trigger that sets updated_at on every update',
      'Create a trigger that writes deleted rows to an audit table',
      'Explain the triggers on my tables',
    ],
  },
]

export const QUICKSTART_CHIPS: readonly { label: string; prompt: string }[] = [
  { label: 'Create a table', prompt: 'Create a table for ' },
  { label: 'Chart my data', prompt: 'Chart the number of rows per day in ' },
  { label: 'Write an edge function', prompt: 'Write an edge function that ' },
]

export const SQL_BLOCK_DEFAULT_TITLE = 'SQL query'
export const PARSE_ERROR_PREFIX = 'This SQL does not parse:'
export const OPEN_IN_EDITOR_LABEL = 'Open in editor'

export const DEPLOY_LABEL = 'Deploy'
export const DEPLOYING_LABEL = 'Deploying…'
export const REPLACE_FUNCTION_TITLE = (name: string) => `Replace the function "${name}"?`
export const REPLACE_FUNCTION_DESCRIPTION =
  'A function with this name is already deployed. Deploying replaces its code; requests in flight finish on the old version.'
export const REPLACE_LABEL = 'Replace'
export const DEPLOY_FAILED = (message: string) => `Failed to deploy function: ${message || 'Unknown error'}`
export const DEPLOYED_TITLE = 'Function deployed'
export const LIVE_URL_LABEL = 'Live URL'
export const CLI_COMMAND_LABEL = 'Download with the CLI'
export const INVALID_FUNCTION = (message: string) => `This function cannot be deployed: ${message}`

export const ANALYTICS_EVENTS = {
  messageSent: 'assistant_prompt_submitted',
  debugMessageSent: 'assistant_debug_submitted',
  runQueryClicked: 'assistant_suggestion_run_query_clicked',
} as const
