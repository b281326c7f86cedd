import { randomUUID } from 'node:crypto'
import {
  ASSISTANT_MAX_STEPS,
  ASSISTANT_TEXTS,
  type AssistantMessage,
  type CheckApiKeyResponse,
  type CompleteSqlBody,
  type GenerateSqlBody,
} from '@pgfleet/contracts'
import { convertToModelMessages, generateText, type LanguageModel, stepCountIs, streamText, type UIMessage } from 'ai'
import type { AppContext } from '../../context'
import { HttpError } from '../../errors'
import { PerUserRateLimit } from '../../http/per-user-rate-limit'
import { egressPolicyOf } from '../../security/egress-policy'
import { type AssistantProject, assistantProjectFor } from './access'
import { ConversationStore } from './conversations'
import { modelErrorMessage } from './errors'
import type { SecretBox } from './key-encryption'
import { ProjectMetadataReader } from './metadata'
import { languageModel } from './model'
import { type ModelSettings, resolveModelSettings } from './model-settings'
import { metadataAllowedFor, metadataPolicy } from './privacy'
import { COMPLETION_SYSTEM_PROMPT, systemPrompt, TITLE_SYSTEM_PROMPT } from './system-prompt'
import { metadataTools, proposalTools } from './tools'

/** A chat reply ready to stream: the model call has started and the reply is saved when it ends. */
export interface PreparedChat {
  result: ReturnType<typeof streamText>
  messages: UIMessage[]
  save(messages: UIMessage[]): Promise<void>
  errorMessage(error: unknown): string
}

/**
 * The assistant's server side: which model answers for an organization, what metadata may be sent, the tool loop,
 * the per-user rate limit, and the stored conversations.
 */
export class AssistantService {
  readonly conversations: ConversationStore
  private readonly rateLimit: PerUserRateLimit

  constructor(
    private readonly ctx: AppContext,
    private readonly secrets: SecretBox,
  ) {
    this.conversations = new ConversationStore(ctx.db)
    this.rateLimit = new PerUserRateLimit(ctx.config.ai.rateLimitPerMinute)
  }

  /** The platform's own model settings: what applies when no organization is named. */
  private platformSettings(): ModelSettings {
    return resolveModelSettings(
      this.ctx.config.ai,
      { id: 0, ai_provider: null, ai_base_url: null, ai_model: null, ai_api_key_encrypted: null },
      this.secrets,
    )
  }

  /** The platform's settings (no project given) or the project's organization's. */
  async status(userId: number, ref: string | undefined): Promise<CheckApiKeyResponse> {
    const access = ref ? await assistantProjectFor(this.ctx, userId, ref) : undefined
    const settings = access
      ? resolveModelSettings(this.ctx.config.ai, access.organization, this.secrets)
      : this.platformSettings()
    return {
      hasKey: settings.apiKey !== null,
      disabled: this.ctx.config.ai.disabled,
      provider: settings.provider,
      model: settings.model,
      source: settings.source,
      metadataAllowed: access
        ? metadataAllowedFor(access.organization.opt_in_tags, access.organization.hipaa_addon)
        : false,
      rateLimitPerMinute: this.ctx.config.ai.rateLimitPerMinute,
    }
  }

  private modelOptions() {
    return { egress: egressPolicyOf(this.ctx.config) }
  }

  /** Checks everything that can fail before a model is called: disabled, the project, the key, the rate limit. */
  private async begin(userId: number, ref: string) {
    if (this.ctx.config.ai.disabled) throw new HttpError(503, ASSISTANT_TEXTS.disabled)
    const access = await assistantProjectFor(this.ctx, userId, ref)
    const settings = resolveModelSettings(this.ctx.config.ai, access.organization, this.secrets)
    if (settings.apiKey === null) throw new HttpError(400, ASSISTANT_TEXTS.noKey)
    const waitMs = this.rateLimit.take(userId)
    if (waitMs > 0) {
      throw new HttpError(429, `${ASSISTANT_TEXTS.rateLimited} (${Math.ceil(waitMs / 1000)} s)`)
    }
    const model = languageModel({ ...settings, apiKey: settings.apiKey }, this.modelOptions())
    return { access, settings, model }
  }

  private metadataReader(access: AssistantProject, userId: number, requested: boolean) {
    const policy = metadataPolicy({
      requested,
      optInTags: access.organization.opt_in_tags,
      hipaaAddon: access.organization.hipaa_addon,
      schemas: access.project.ai_schemas,
    })
    if (!policy.allowed) return null
    return new ProjectMetadataReader(this.ctx, access.project, userId, policy.schemas)
  }

  async chat(userId: number, body: GenerateSqlBody, abortSignal: AbortSignal): Promise<PreparedChat> {
    const { access, settings, model } = await this.begin(userId, body.projectRef)
    const owner = { projectId: access.project.id, userId }
    // the conversation must be the caller's own before anything is sent
    if (body.chatId) await this.conversations.get(owner, body.chatId)
    const reader = this.metadataReader(access, userId, body.includeSchemaMetadata)
    const messages = body.messages as unknown as UIMessage[]
    const tools = { ...proposalTools(), ...(reader ? metadataTools(reader) : {}) }
    let modelMessages: Awaited<ReturnType<typeof convertToModelMessages>>
    try {
      modelMessages = await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true })
    } catch (error) {
      throw new HttpError(400, `The conversation cannot be sent: ${(error as Error).message}`)
    }
    const result = streamText({
      model,
      system: systemPrompt({
        metadata: reader ? { schemas: reader.sharedSchemas } : null,
        schema: body.schema,
        table: body.table,
      }),
      messages: modelMessages,
      tools,
      stopWhen: stepCountIs(ASSISTANT_MAX_STEPS),
      abortSignal: AbortSignal.any([abortSignal, AbortSignal.timeout(this.ctx.config.ai.timeoutMs)]),
      maxRetries: 0,
      onError: ({ error }) => this.ctx.log.warn('assistant reply failed', { error: modelErrorMessage(error, null) }),
    })
    return {
      result,
      messages,
      save: async (all) => {
        if (body.chatId) {
          await this.conversations.saveMessages(owner, body.chatId, all as unknown as AssistantMessage[])
        }
      },
      errorMessage: (error) => modelErrorMessage(error, settings.baseUrl),
    }
  }

  async complete(userId: number, body: CompleteSqlBody, abortSignal: AbortSignal): Promise<string> {
    const { access, settings, model } = await this.begin(userId, body.projectRef)
    const reader = this.metadataReader(access, userId, body.includeSchemaMetadata)
    const tables = reader ? await reader.tables(undefined, true).catch(() => null) : null
    const { textBeforeCursor, textAfterCursor, selection, language } = body.completionMetadata
    const prompt = [
      tables ? `Tables of the database:\n${JSON.stringify(tables)}` : null,
      `Language: ${language}`,
      `Text before the cursor:\n${textBeforeCursor}`,
      selection ? `Selected text:\n${selection}` : 'Nothing is selected.',
      `Text after the cursor:\n${textAfterCursor}`,
      `Instruction: ${body.prompt}`,
    ]
      .filter(Boolean)
      .join('\n\n')
    try {
      const { text } = await generateText({
        model,
        system: COMPLETION_SYSTEM_PROMPT,
        prompt,
        abortSignal,
        maxRetries: 0,
      })
      return withoutFences(text)
    } catch (error) {
      throw new HttpError(502, `${ASSISTANT_TEXTS.completionFailed}: ${modelErrorMessage(error, settings.baseUrl)}`)
    }
  }

  /** A title for a snippet. Needs a project for the organization's model: the platform's is used without one. */
  async title(userId: number, sqlText: string, ref: string | undefined, abortSignal: AbortSignal) {
    if (this.ctx.config.ai.disabled) throw new HttpError(503, ASSISTANT_TEXTS.disabled)
    let settings: ModelSettings
    let model: LanguageModel
    if (ref) {
      ;({ settings, model } = await this.begin(userId, ref))
    } else {
      settings = this.platformSettings()
      if (settings.apiKey === null) throw new HttpError(400, ASSISTANT_TEXTS.noKey)
      const waitMs = this.rateLimit.take(userId)
      if (waitMs > 0) throw new HttpError(429, ASSISTANT_TEXTS.rateLimited)
      model = languageModel({ ...settings, apiKey: settings.apiKey }, this.modelOptions())
    }
    try {
      const { text } = await generateText({
        model,
        system: TITLE_SYSTEM_PROMPT,
        prompt: sqlText.slice(0, 20_000),
        abortSignal,
        maxRetries: 0,
      })
      return parseTitle(text)
    } catch (error) {
      throw new HttpError(502, modelErrorMessage(error, settings.baseUrl))
    }
  }

  newMessageId = (): string => randomUUID()

  sealKey(key: string, context: string): string {
    return this.secrets.seal(key, context)
  }
}

/** Models often wrap SQL in a markdown fence even when told not to. */
export function withoutFences(text: string): string {
  const fenced = /^\s*```[a-zA-Z]*\n([\s\S]*?)\n?```\s*$/.exec(text)
  return (fenced ? (fenced[1] as string) : text).trim()
}

/** `{title, description}` from the model's JSON, or its first line as the title when it answered in prose. */
export function parseTitle(text: string): { title: string; description: string } {
  const json = /\{[\s\S]*\}/.exec(text)?.[0]
  if (json) {
    try {
      const parsed = JSON.parse(json) as { title?: unknown; description?: unknown }
      if (typeof parsed.title === 'string' && parsed.title.trim()) {
        return {
          title: parsed.title.trim().slice(0, 120),
          description: typeof parsed.description === 'string' ? parsed.description.trim().slice(0, 500) : '',
        }
      }
    } catch {
      // prose after all
    }
  }
  const line =
    text
      .trim()
      .split('\n')[0]
      ?.replace(/^["'#\s]+|["'\s]+$/g, '') ?? ''
  if (!line) throw new HttpError(502, 'The model answered without a title')
  return { title: line.slice(0, 120), description: '' }
}
