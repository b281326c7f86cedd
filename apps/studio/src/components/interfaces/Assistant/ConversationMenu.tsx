import type { AssistantConversationSummary } from '@pgfleet/contracts'
import { MessagesSquare } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import {
  useConversationDeleteMutation,
  useConversationRenameMutation,
} from '../../../data/assistant/conversation-mutations'
import { getErrorMessage } from '../../../data/fetcher'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import { Menu } from '../../ui/Menu'
import {
  CONVERSATION_ACTION_FAILED,
  CONVERSATION_DELETED,
  CONVERSATION_NAME_LABEL,
  CONVERSATION_RENAMED,
  CONVERSATIONS_LABEL,
  DELETE_CONVERSATION_LABEL,
  RENAME_CONVERSATION_LABEL,
  SAVE_LABEL,
} from './assistant.constants'

/** The stored conversations: switch to one, rename or delete the open one. */
export function ConversationMenu({
  projectRef,
  conversations,
  currentId,
  onSelect,
  onDeleted,
}: {
  projectRef: string
  conversations: readonly AssistantConversationSummary[]
  currentId: string | undefined
  onSelect: (id: string) => void
  onDeleted: (id: string) => void
}) {
  const current = conversations.find((conversation) => conversation.id === currentId)
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState('')
  const [deleting, setDeleting] = useState(false)
  const rename = useConversationRenameMutation({
    onSuccess: () => {
      toast.success(CONVERSATION_RENAMED)
      setRenaming(false)
    },
    onError: (error) => toast.error(CONVERSATION_ACTION_FAILED(getErrorMessage(error))),
  })
  const remove = useConversationDeleteMutation({
    onSuccess: (_, { id }) => {
      toast.success(CONVERSATION_DELETED)
      setDeleting(false)
      onDeleted(id)
    },
    onError: (error) => toast.error(CONVERSATION_ACTION_FAILED(getErrorMessage(error))),
  })

  return (
    <>
      <Menu
        label={CONVERSATIONS_LABEL}
        data-testid="assistant-conversations"
        trigger={<MessagesSquare className="size-4" aria-hidden="true" />}
        triggerClassName="rounded p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
        items={[
          ...conversations.map((conversation) => ({
            label: conversation.name,
            checked: conversation.id === currentId,
            onSelect: () => onSelect(conversation.id),
          })),
          {
            label: RENAME_CONVERSATION_LABEL,
            disabled: !current,
            onSelect: () => {
              setName(current?.name ?? '')
              setRenaming(true)
            },
          },
          { label: DELETE_CONVERSATION_LABEL, danger: true, disabled: !current, onSelect: () => setDeleting(true) },
        ]}
      />
      <Dialog
        open={renaming}
        onOpenChange={setRenaming}
        title={RENAME_CONVERSATION_LABEL}
        footer={
          <Button
            variant="primary"
            loading={rename.isPending}
            disabled={!name.trim()}
            onClick={() => current && rename.mutate({ ref: projectRef, id: current.id, name: name.trim() })}
          >
            {SAVE_LABEL}
          </Button>
        }
      >
        <Input
          label={CONVERSATION_NAME_LABEL}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
        />
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`${DELETE_CONVERSATION_LABEL} "${current?.name ?? ''}"?`}
        description="Its messages are deleted for good."
        confirmLabel={DELETE_CONVERSATION_LABEL}
        variant="danger"
        loading={remove.isPending}
        onConfirm={() => current && remove.mutate({ ref: projectRef, id: current.id })}
      />
    </>
  )
}
