import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import { egressFetch } from '../../security/egress-fetch'
import type { EgressPolicy } from '../../security/egress-policy'
import type { ModelSettings } from './model-settings'

const OPENAI_BASE_URL = 'https://api.openai.com/v1'

/**
 * The language model for these settings. OpenAI itself and every server that speaks its chat-completions
 * protocol (Ollama, vLLM, llama.cpp's server, LiteLLM) go through the OpenAI-compatible provider; Anthropic
 * has its own protocol and provider.
 */
export function languageModel(
  settings: ModelSettings & { apiKey: string },
  options: { egress: EgressPolicy },
): LanguageModel {
  // the operator's own address is trusted; an organization's is checked on every connection
  const guard = settings.source === 'organization' ? { fetch: egressFetch(options.egress) } : {}
  if (settings.provider === 'anthropic') {
    return createAnthropic({
      apiKey: settings.apiKey,
      ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
      ...guard,
    })(settings.model)
  }
  return createOpenAICompatible({
    name: 'openai',
    baseURL: settings.baseUrl ?? OPENAI_BASE_URL,
    apiKey: settings.apiKey,
    includeUsage: true,
    ...guard,
  }).chatModel(settings.model)
}
