import {
  type AssistantConversation,
  type AssistantConversationSummary,
  REQUIRED_VALUE_MESSAGES,
} from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { assistantKeys } from './keys'

export type ConversationCreateVariables = { ref: string | undefined; name?: string }

export async function createConversation({ ref, name }: ConversationCreateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/projects/{ref}/ai/conversations', { params: { ref }, body: name ? { name } : {} })
}

/** Starts a new conversation (the panel's Reset, or its first open). */
export function useConversationCreateMutation(
  options: MutationOptions<AssistantConversation, ConversationCreateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createConversation,
    onSuccess: async (created, variables, ...rest) => {
      queryClient.setQueryData(assistantKeys.conversation(variables.ref, created.id), created)
      await queryClient.invalidateQueries({ queryKey: assistantKeys.conversations(variables.ref), exact: true })
      return options.onSuccess?.(created, variables, ...rest)
    },
  })
}

export type ConversationRenameVariables = { ref: string | undefined; id: string; name: string }

export async function renameConversation({ ref, id, name }: ConversationRenameVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/projects/{ref}/ai/conversations/{id}', { params: { ref, id }, body: { name } })
}

export function useConversationRenameMutation(
  options: MutationOptions<AssistantConversationSummary, ConversationRenameVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: renameConversation,
    onSuccess: async (renamed, variables, ...rest) => {
      queryClient.setQueryData<AssistantConversationSummary[]>(assistantKeys.conversations(variables.ref), (list) =>
        list?.map((item) => (item.id === renamed.id ? renamed : item)),
      )
      await queryClient.invalidateQueries({ queryKey: assistantKeys.conversations(variables.ref), exact: true })
      return options.onSuccess?.(renamed, variables, ...rest)
    },
  })
}

export type ConversationDeleteVariables = { ref: string | undefined; id: string }

export async function deleteConversation({ ref, id }: ConversationDeleteVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /platform/projects/{ref}/ai/conversations/{id}', { params: { ref, id } })
}

export function useConversationDeleteMutation(
  options: MutationOptions<{ message: string }, ConversationDeleteVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteConversation,
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.removeQueries({ queryKey: assistantKeys.conversation(variables.ref, variables.id) })
      queryClient.setQueryData<AssistantConversationSummary[]>(assistantKeys.conversations(variables.ref), (list) =>
        list?.filter((item) => item.id !== variables.id),
      )
      await queryClient.invalidateQueries({ queryKey: assistantKeys.conversations(variables.ref), exact: true })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
