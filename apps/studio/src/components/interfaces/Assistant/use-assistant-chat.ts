import { useChat } from '@ai-sdk/react'
import { CSRF_COOKIE, CSRF_HEADER } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { DefaultChatTransport, type UIMessage } from 'ai'
import { useMemo, useRef } from 'react'
import { toast } from 'sonner'
import { routeUrl } from '../../../data/api'
import { assistantKeys } from '../../../data/assistant/keys'
import { readCookie } from '../../../data/fetcher'
import { recordEvent } from '../../../lib/telemetry'
import { GENERATE_FAILED } from './assistant.constants'
import { readAssistantError, sendEventName } from './assistant.utils'

export type AssistantChatContext = {
  projectRef: string
  conversationId: string
  includeSchemaMetadata: boolean
  schema?: string | null
  table?: string | null
}

/**
 * The chat with the platform's streaming route: the session cookie and the CSRF header go with each request,
 * the body names the project, what the assistant may read, and the stored conversation the reply is saved into.
 */
export function useAssistantChat(context: AssistantChatContext, initialMessages: UIMessage[]) {
  const queryClient = useQueryClient()
  // read at send time, so a change of opt-in or schema applies to the next message without a new chat
  const contextRef = useRef(context)
  contextRef.current = context

  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: routeUrl('POST /api/ai/sql/generate-v3', {}),
        credentials: 'same-origin',
        headers: (): Record<string, string> => {
          const csrf = typeof document === 'undefined' ? undefined : readCookie(document.cookie, CSRF_COOKIE)
          return csrf ? { [CSRF_HEADER]: csrf } : {}
        },
        prepareSendMessagesRequest: ({ messages }) => {
          const current = contextRef.current
          return {
            body: {
              messages,
              includeSchemaMetadata: current.includeSchemaMetadata,
              projectRef: current.projectRef,
              schema: current.schema ?? null,
              table: current.table ?? null,
              chatId: current.conversationId,
            },
          }
        },
      }),
    [],
  )

  const chat = useChat<UIMessage>({
    id: context.conversationId,
    messages: initialMessages,
    transport,
    onError: (error) => toast.error(GENERATE_FAILED(readAssistantError(error))),
    onFinish: () => {
      // the server saved the exchange: the list's counts and order changed
      void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations(context.projectRef), exact: true })
    },
  })

  const send = (text: string) => {
    const trimmed = text.trim()
    if (!trimmed) return
    recordEvent(sendEventName(trimmed), { projectRef: context.projectRef })
    void chat.sendMessage({ text: trimmed })
  }

  return { ...chat, send }
}
