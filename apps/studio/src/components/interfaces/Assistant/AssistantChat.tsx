import type { AssistantConversation, CheckApiKeyResponse } from '@pgfleet/contracts'
import type { UIMessage } from 'ai'
import { useRef, useState } from 'react'
import { AssistantInput } from './AssistantInput'
import { choosePlaceholder, inputBlocker } from './assistant.utils'
import { EmptyState } from './EmptyState'
import { MessageList } from './MessageList'
import { useAssistantChat } from './use-assistant-chat'

/** One stored conversation, live: its messages, the streaming reply and the input. Keyed by conversation. */
export function AssistantChat({
  projectRef,
  conversation,
  status,
  schema,
  table,
}: {
  projectRef: string
  conversation: AssistantConversation
  status: CheckApiKeyResponse | undefined
  schema?: string | null
  table?: string | null
}) {
  const chat = useAssistantChat(
    {
      projectRef,
      conversationId: conversation.id,
      includeSchemaMetadata: Boolean(status?.metadataAllowed),
      schema,
      table,
    },
    conversation.messages as UIMessage[],
  )
  const [draft, setDraft] = useState('')
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const loading = chat.status === 'submitted' || chat.status === 'streaming'
  const last = chat.messages.at(-1)
  const thinking = chat.status === 'submitted' || (chat.status === 'streaming' && last?.role !== 'assistant')
  const hasMessages = chat.messages.length > 0

  const send = (text: string) => {
    chat.send(text)
    setDraft('')
  }

  return (
    <>
      {hasMessages ? (
        <MessageList messages={chat.messages} projectRef={projectRef} thinking={thinking} />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <EmptyState
            onPick={(prompt, immediately) => {
              if (immediately && !inputBlocker(status)) send(prompt)
              else {
                setDraft(prompt)
                inputRef.current?.focus()
              }
            }}
          />
          {thinking && <MessageList messages={[]} projectRef={projectRef} thinking />}
        </div>
      )}
      <AssistantInput
        ref={inputRef}
        value={draft}
        onChange={setDraft}
        onSubmit={send}
        onStop={loading ? () => void chat.stop() : undefined}
        placeholder={choosePlaceholder({ hasMessages, hasContext: Boolean(schema || table) })}
        blocker={inputBlocker(status)}
        // until the platform says whether it can answer, nothing is sent
        loading={loading || !status}
      />
    </>
  )
}
