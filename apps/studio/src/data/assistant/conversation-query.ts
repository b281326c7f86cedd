import { type AssistantConversation, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { assistantKeys } from './keys'

/** One conversation with its messages. */
export async function getConversation(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  signal?: AbortSignal,
) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  if (!id) throw new Error('Conversation id is required')
  return api('GET /platform/projects/{ref}/ai/conversations/{id}', { params: { ref, id }, signal })
}

export function useConversationQuery(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  options: QueryOptions<AssistantConversation> = {},
) {
  return useQuery({
    ...options,
    queryKey: assistantKeys.conversation(ref, id),
    queryFn: ({ signal }) => getConversation({ ref, id }, signal),
    enabled: Boolean(ref) && Boolean(id) && (options.enabled ?? true),
    // the chat keeps its own copy while it streams; a refetch would not change what is shown
    staleTime: Number.POSITIVE_INFINITY,
  })
}
