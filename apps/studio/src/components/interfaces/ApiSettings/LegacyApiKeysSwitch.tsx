import { useState } from 'react'
import { toast } from 'sonner'
import { useLegacyApiKeysStatusQuery } from '../../../data/api-keys/legacy-api-keys-status-query'
import { useLegacyApiKeysToggleMutation } from '../../../data/api-keys/legacy-api-keys-toggle-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Switch } from '../../ui/Switch'
import { Tooltip } from '../../ui/Tooltip'
import {
  DISABLE_LEGACY_CONFIRM,
  DISABLE_LEGACY_DESCRIPTION,
  DISABLE_LEGACY_TITLE,
  LEGACY_KEYS_DISABLED_TEXT,
  LEGACY_KEYS_DISABLED_TITLE,
  LEGACY_KEYS_SWITCH_LABEL,
  LEGACY_TOGGLE_FAILED,
  LEGACY_UPDATE_PERMISSION_TOOLTIP,
} from './api-settings.constants'

/** The legacy keys' switch: turning them off asks first and says what stops working; turning them on does not. */
export function LegacyApiKeysSwitch({ projectRef, canManage }: { projectRef: string; canManage: boolean }) {
  const status = useLegacyApiKeysStatusQuery({ ref: projectRef })
  const [confirming, setConfirming] = useState(false)
  const toggle = useLegacyApiKeysToggleMutation({
    onSuccess: () => setConfirming(false),
    onError: (error, variables) => toast.error(`${LEGACY_TOGGLE_FAILED(variables.enabled)}: ${getErrorMessage(error)}`),
  })
  const enabled = status.data?.enabled
  return (
    <div className="space-y-3 px-4 py-4" data-testid="legacy-api-keys">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm font-medium text-neutral-900">{LEGACY_KEYS_SWITCH_LABEL}</p>
        <Tooltip content={canManage ? undefined : LEGACY_UPDATE_PERMISSION_TOOLTIP} wrapDisabled>
          <Switch
            label={LEGACY_KEYS_SWITCH_LABEL}
            checked={enabled ?? true}
            disabled={!canManage || enabled === undefined || toggle.isPending}
            onCheckedChange={(next) => {
              if (next) toggle.mutate({ ref: projectRef, enabled: true })
              else setConfirming(true)
            }}
            data-testid="legacy-api-keys-switch"
          />
        </Tooltip>
      </div>
      {enabled === false && (
        <Alert tone="warning" title={LEGACY_KEYS_DISABLED_TITLE} data-testid="legacy-api-keys-disabled">
          {LEGACY_KEYS_DISABLED_TEXT}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={DISABLE_LEGACY_TITLE}
        description={DISABLE_LEGACY_DESCRIPTION}
        confirmLabel={DISABLE_LEGACY_CONFIRM}
        variant="danger"
        loading={toggle.isPending}
        data-testid="disable-legacy-api-keys-dialog"
        onConfirm={() => toggle.mutate({ ref: projectRef, enabled: false })}
      />
    </div>
  )
}
