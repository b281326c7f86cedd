import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { useCheckApiKeyQuery } from '../../../data/assistant/check-api-key-query'
import { useConversationCreateMutation } from '../../../data/assistant/conversation-mutations'
import { useConversationQuery } from '../../../data/assistant/conversation-query'
import { useConversationsQuery } from '../../../data/assistant/conversations-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useAppPanelsStore } from '../../../state/app-panels-store'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { AiSettingsModal } from './AiSettingsModal'
import { AssistantChat } from './AssistantChat'
import { AssistantHeader } from './AssistantHeader'
import {
  CONVERSATION_ACTION_FAILED,
  CONVERSATION_LOAD_FAILED,
  HIPAA_NOTICE,
  OPT_IN_BUTTON_LABEL,
  OPT_IN_NOTICE,
} from './assistant.constants'
import { useAssistantStore } from './assistant-store'
import { OptInDialog } from './OptInDialog'
import { useProjectOrganization } from './use-project-organization'

/**
 * The assistant in the right-hand panel. It opens the newest stored conversation (creating one when there is
 * none); Reset starts a new one.
 */
export default function AssistantPanel({ projectRef }: { projectRef: string }) {
  const close = useAppPanelsStore((state) => state.closeRightPanel)
  const [search] = useSearchParams()
  const status = useCheckApiKeyQuery({ ref: projectRef })
  const conversations = useConversationsQuery({ ref: projectRef })
  const chosenId = useAssistantStore((state) => state.conversationIds[projectRef])
  const setConversation = useAssistantStore((state) => state.setConversation)
  const { organization, optedIn, canUpdate } = useProjectOrganization(projectRef)
  const [optInOpen, setOptInOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)

  const create = useConversationCreateMutation({
    onSuccess: (created) => setConversation(projectRef, created.id),
    onError: (error) => toast.error(CONVERSATION_ACTION_FAILED(getErrorMessage(error))),
  })

  const list = conversations.data ?? []
  const currentId = chosenId && list.some((item) => item.id === chosenId) ? chosenId : (chosenId ?? list[0]?.id)
  const conversation = useConversationQuery({ ref: projectRef, id: currentId })

  // the first open of a project without conversations starts one, once
  const startedEmpty = useRef(false)
  useEffect(() => {
    if (!conversations.isSuccess || conversations.data.length > 0 || chosenId || startedEmpty.current) return
    startedEmpty.current = true
    create.mutate({ ref: projectRef })
  }, [conversations.isSuccess, conversations.data, chosenId, create, projectRef])

  // opted in yet not allowed to send metadata: the HIPAA add-on (read once the answer reflects the latest opt-in)
  const hipaa = optedIn && status.data !== undefined && !status.isFetching && !status.data.metadataAllowed

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="assistant-panel">
      <AssistantHeader
        projectRef={projectRef}
        conversations={list}
        currentId={currentId}
        onSelect={(id) => setConversation(projectRef, id)}
        onDeleted={(id) => {
          if (id !== currentId) return
          const next = list.find((item) => item.id !== id)
          setConversation(projectRef, next?.id)
          if (!next) create.mutate({ ref: projectRef })
        }}
        onReset={() => create.mutate({ ref: projectRef })}
        resetting={create.isPending}
        onSettings={() => setSettingsOpen(true)}
        onClose={close}
      />
      {organization && !optedIn && (
        <Alert tone="info" className="m-2 text-xs" data-testid="assistant-opt-in-notice">
          <span>{OPT_IN_NOTICE}</span>{' '}
          <Button size="sm" variant="ghost" onClick={() => setOptInOpen(true)} data-testid="assistant-opt-in">
            {OPT_IN_BUTTON_LABEL}
          </Button>
        </Alert>
      )}
      {hipaa && (
        <Alert tone="info" className="m-2 text-xs">
          {HIPAA_NOTICE}
        </Alert>
      )}
      {status.isError && (
        <Alert tone="error" className="m-2 text-xs">
          {getErrorMessage(status.error)}
        </Alert>
      )}
      {conversations.isError || conversation.isError ? (
        <div className="p-4">
          <ErrorState
            title={CONVERSATION_LOAD_FAILED}
            error={conversations.error ?? conversation.error}
            onRetry={() => {
              void conversations.refetch()
              if (currentId) void conversation.refetch()
            }}
          />
        </div>
      ) : conversation.data ? (
        <AssistantChat
          key={conversation.data.id}
          projectRef={projectRef}
          conversation={conversation.data}
          status={status.data}
          schema={search.get('schema')}
          table={search.get('table')}
        />
      ) : (
        <div className="space-y-3 p-4" aria-busy="true">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-24" />
        </div>
      )}
      <OptInDialog open={optInOpen} onOpenChange={setOptInOpen} organization={organization} canUpdate={canUpdate} />
      <AiSettingsModal
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        projectRef={projectRef}
        optedIn={optedIn}
        hipaa={hipaa}
      />
    </div>
  )
}
