import type { AssistantConversationSummary } from '@pgfleet/contracts'
import { RotateCcw, Settings, X } from 'lucide-react'
import { Badge } from '../../ui/Badge'
import { Tooltip } from '../../ui/Tooltip'
import { RIGHT_PANEL_TITLES } from '../ProjectLayout/project-layout.constants'
import { ALPHA_BADGE, ASSISTANT_TEXTS, CLOSE_LABEL, RESET_LABEL, SETTINGS_LABEL } from './assistant.constants'
import { ConversationMenu } from './ConversationMenu'

const ICON_BUTTON = 'rounded p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:opacity-50'

/** Title with the alpha badge, the stored conversations, AI settings, Reset and Close. */
export function AssistantHeader({
  projectRef,
  conversations,
  currentId,
  onSelect,
  onDeleted,
  onReset,
  resetting,
  onSettings,
  onClose,
}: {
  projectRef: string
  conversations: readonly AssistantConversationSummary[]
  currentId: string | undefined
  onSelect: (id: string) => void
  onDeleted: (id: string) => void
  onReset: () => void
  resetting: boolean
  onSettings: () => void
  onClose: () => void
}) {
  return (
    <div className="flex h-11 shrink-0 items-center gap-1 border-b border-neutral-200 px-3">
      <h2 className="text-sm font-semibold text-neutral-900">{RIGHT_PANEL_TITLES.assistant}</h2>
      <Tooltip content={ASSISTANT_TEXTS.alphaTooltip} side="bottom">
        <Badge tone="info" tabIndex={0} className="ml-1 cursor-help" data-testid="assistant-alpha">
          {ALPHA_BADGE}
        </Badge>
      </Tooltip>
      <div className="ml-auto flex items-center gap-0.5">
        <ConversationMenu
          projectRef={projectRef}
          conversations={conversations}
          currentId={currentId}
          onSelect={onSelect}
          onDeleted={onDeleted}
        />
        <Tooltip content={SETTINGS_LABEL}>
          <button type="button" aria-label={SETTINGS_LABEL} onClick={onSettings} className={ICON_BUTTON}>
            <Settings className="size-4" aria-hidden="true" />
          </button>
        </Tooltip>
        <Tooltip content={RESET_LABEL}>
          <button
            type="button"
            aria-label={RESET_LABEL}
            onClick={onReset}
            disabled={resetting}
            className={ICON_BUTTON}
            data-testid="assistant-reset"
          >
            <RotateCcw className="size-4" aria-hidden="true" />
          </button>
        </Tooltip>
        <button type="button" aria-label={CLOSE_LABEL} onClick={onClose} className={ICON_BUTTON}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  )
}
