import { z } from 'zod'
import { ProjectRef } from './common'

/** The assistant takes at most this many model steps (tool calls and their answers) per reply. */
export const ASSISTANT_MAX_STEPS = 5
/** The auto-scroll of the message list sticks to the bottom while within this many pixels of it. */
export const ASSISTANT_SCROLL_STICK_PX = 10
/** A conversation keeps at most this many messages; older ones are dropped from what the model sees. */
export const ASSISTANT_MAX_MESSAGES = 400
/** The longest message text accepted from the browser. */
export const ASSISTANT_MAX_MESSAGE_CHARS = 20_000

export const ASSISTANT_TEXTS = {
  alphaTooltip: 'The Assistant is in Alpha and your prompts might be rate limited.',
  disabled: 'Assistant has been temporarily disabled',
  noKey: 'OpenAI API key not set',
  optInTitle: 'Confirm sending anonymous data to OpenAI',
  emptyState: 'How can I assist you?',
  placeholderEmpty: 'Chat to Postgres...',
  placeholderWithContext: 'Ask a question or make a change...',
  placeholderReply: 'Reply to the assistant...',
  completionFailed: 'Failed to generate completion',
  titleFailed: 'Failed to generate title',
  rateLimited: 'You have sent too many requests to the assistant. Wait a minute and try again.',
} as const

export const AI_PROVIDERS = ['openai', 'anthropic'] as const
export const AiProvider = z.enum(AI_PROVIDERS, { error: 'Provider must be openai or anthropic' })
export type AiProvider = z.infer<typeof AiProvider>

/**
 * A message as the chat client keeps it: its parts are the SDK's (text, tool calls with their input and output,
 * step boundaries). The server checks the envelope and the text sizes; the parts' own shapes are checked by the
 * SDK when they are turned into model messages.
 */
export const AssistantMessage = z.object({
  id: z.string().min(1).max(200),
  role: z.enum(['user', 'assistant', 'system']),
  parts: z.array(z.looseObject({ type: z.string().max(100) })).max(200),
  metadata: z.unknown().optional(),
})
export type AssistantMessage = z.infer<typeof AssistantMessage>

export const GenerateSqlBody = z.object({
  messages: z.array(AssistantMessage).min(1).max(ASSISTANT_MAX_MESSAGES),
  includeSchemaMetadata: z.boolean().default(false),
  projectRef: ProjectRef,
  /** accepted for compatibility with the hosted client; the platform reaches the project by its ref */
  connectionString: z.string().max(2_000).nullish(),
  schema: z.string().max(63).nullish(),
  table: z.string().max(63).nullish(),
  /** the stored conversation this exchange belongs to; the reply is saved into it */
  chatId: z.uuid().optional(),
})
export type GenerateSqlBody = z.infer<typeof GenerateSqlBody>

export const CompletionMetadata = z.object({
  textBeforeCursor: z.string().max(100_000),
  textAfterCursor: z.string().max(100_000),
  language: z.string().max(40),
  prompt: z.string().max(ASSISTANT_MAX_MESSAGE_CHARS),
  selection: z.string().max(100_000),
})
export const CompleteSqlBody = z.object({
  prompt: z.string().trim().min(1, 'Describe the change you want').max(ASSISTANT_MAX_MESSAGE_CHARS),
  completionMetadata: CompletionMetadata,
  projectRef: ProjectRef,
  connectionString: z.string().max(2_000).nullish(),
  includeSchemaMetadata: z.boolean().default(false),
})
export type CompleteSqlBody = z.infer<typeof CompleteSqlBody>
/** The text that replaces the selection (or is added at the cursor when nothing is selected). */
export const CompleteSqlResponse = z.object({ completion: z.string() })
export type CompleteSqlResponse = z.infer<typeof CompleteSqlResponse>

export const TitleSqlBody = z.object({
  sql: z.string().trim().min(1, 'There is no SQL to name').max(100_000),
  /** the project whose organization's model settings apply; the platform's without it */
  projectRef: ProjectRef.optional(),
})
export const TitleSqlResponse = z.object({ title: z.string(), description: z.string() })
export type TitleSqlResponse = z.infer<typeof TitleSqlResponse>

export const CheckApiKeyQuery = z.object({ projectRef: ProjectRef.optional() })
export const CheckApiKeyResponse = z.object({
  hasKey: z.boolean(),
  disabled: z.boolean(),
  provider: AiProvider.nullable(),
  model: z.string().nullable(),
  /** where the key comes from: the organization's own settings or the platform's configuration */
  source: z.enum(['organization', 'platform']).nullable(),
  /** whether schema metadata may leave for this project (opted in, no HIPAA add-on) */
  metadataAllowed: z.boolean(),
  /** requests per minute each user may send */
  rateLimitPerMinute: z.number(),
})
export type CheckApiKeyResponse = z.infer<typeof CheckApiKeyResponse>

/** A proposed statement as the server judged it with the SQL parser, never on the model's word. */
export const SqlProposal = z.object({
  sql: z.string(),
  title: z.string(),
  /** the statement changes data or schema: running it asks for the editor's confirmation */
  writes: z.boolean(),
  /** the statement does not parse: the parser's message with its position */
  parseError: z.string().nullable(),
  isChart: z.boolean(),
  xAxis: z.string().nullable(),
  yAxis: z.string().nullable(),
  runQuery: z.boolean(),
})
export type SqlProposal = z.infer<typeof SqlProposal>

export const EdgeFunctionProposal = z.object({
  name: z.string(),
  title: z.string(),
  code: z.string(),
  /** the slug is valid and can be deployed as is */
  valid: z.boolean(),
  error: z.string().nullable(),
})
export type EdgeFunctionProposal = z.infer<typeof EdgeFunctionProposal>

export const AssistantConversationSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  message_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AssistantConversationSummary = z.infer<typeof AssistantConversationSummary>

export const AssistantConversation = AssistantConversationSummary.extend({
  messages: z.array(AssistantMessage),
})
export type AssistantConversation = z.infer<typeof AssistantConversation>

const ConversationName = z
  .string()
  .trim()
  .min(1, 'A conversation needs a name')
  .max(120, 'A conversation name has at most 120 characters')
export const CreateConversationBody = z.object({ name: ConversationName.optional() })
export const RenameConversationBody = z.object({ name: ConversationName })
export const ConversationParams = z.object({ ref: ProjectRef, id: z.uuid('Conversation not found') })

/** The `{slug}` of the organization's assistant settings, checked as these routes always have (at most 100 characters). */
export const AiSettingsSlugParam = z.string().min(1).max(100)

/** The schemas whose metadata the assistant may send for a project (default public). */
export const AssistantSchemaSettings = z.object({ schemas: z.array(z.string()) })
export const UpdateAssistantSchemaSettingsBody = z.object({
  schemas: z.array(z.string().min(1).max(63)).max(200),
})

/** An organization's own model settings; the key is write-only and never answered. */
export const OrganizationAiSettings = z.object({
  provider: AiProvider.nullable(),
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  has_api_key: z.boolean(),
  hipaa_addon: z.boolean(),
})
export type OrganizationAiSettings = z.infer<typeof OrganizationAiSettings>

export const UpdateOrganizationAiSettingsBody = z.object({
  provider: AiProvider.nullable(),
  base_url: z
    .url({ protocol: /^https?$/, error: 'The base URL must be an http(s) address' })
    .max(500)
    .nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
  /** a new key; null removes the stored one, left out keeps it */
  api_key: z.string().min(1).max(500).nullable().optional(),
})
export type UpdateOrganizationAiSettingsBody = z.infer<typeof UpdateOrganizationAiSettingsBody>

export const UpdateHipaaAddonBody = z.object({ enabled: z.boolean() })
