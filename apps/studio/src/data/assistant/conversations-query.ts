import { type AssistantConversationSummary, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { assistantKeys } from './keys'

/** The signed-in user's conversations in the project, newest first. */
export async function getConversations({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/ai/conversations', { params: { ref }, signal })
}

export function useConversationsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<AssistantConversationSummary[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: assistantKeys.conversations(ref),
    queryFn: ({ signal }) => getConversations({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
