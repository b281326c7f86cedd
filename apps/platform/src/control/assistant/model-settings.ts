import type { AiProvider } from '@pgfleet/contracts'
import type { AiConfig } from '../../config'
import type { OrganizationRow } from '../../db/types'
import type { SecretBox } from './key-encryption'

/** The model the assistant talks to for one organization, with the key to use; null key: it cannot answer. */
export interface ModelSettings {
  provider: AiProvider
  apiKey: string | null
  baseUrl: string | null
  model: string
  source: 'organization' | 'platform'
}

const DEFAULT_MODELS: Record<AiProvider, string> = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' }

type OrganizationAiColumns = Pick<
  OrganizationRow,
  'id' | 'ai_provider' | 'ai_base_url' | 'ai_model' | 'ai_api_key_encrypted'
>

/** What binds an organization's sealed key to its row. */
export const organizationKeyContext = (organizationId: number) => `organization:${organizationId}:ai_api_key`

/**
 * The organization's own settings when it stored a key, else the platform's. The two are never mixed: the
 * platform's key is only ever sent to the platform's address, so an Owner who points the organization at
 * another server cannot make the platform send its key there. A server that needs no key (a local Ollama)
 * still takes any non-empty key.
 */
export function resolveModelSettings(
  platform: AiConfig,
  organization: OrganizationAiColumns,
  secrets: SecretBox,
): ModelSettings {
  if (organization.ai_api_key_encrypted) {
    const provider: AiProvider = organization.ai_provider === 'anthropic' ? 'anthropic' : 'openai'
    let apiKey: string | null = null
    try {
      apiKey = secrets.open(organization.ai_api_key_encrypted, organizationKeyContext(organization.id))
    } catch {
      // a key sealed under another data directory's key file reads as no key: the Owner enters it again
      apiKey = null
    }
    return {
      provider,
      apiKey,
      baseUrl: organization.ai_base_url,
      model: organization.ai_model ?? DEFAULT_MODELS[provider],
      source: 'organization',
    }
  }
  return {
    provider: platform.provider,
    apiKey: platform.apiKey ?? null,
    baseUrl: platform.baseUrl ?? null,
    model: platform.model,
    source: 'platform',
  }
}
