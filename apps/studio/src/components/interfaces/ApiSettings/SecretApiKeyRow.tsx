import { type ApiKeyResponse, KEY_COPY_FEEDBACK_RESET_MS } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useApiKeyDeleteMutation } from '../../../data/api-keys/api-key-delete-mutation'
import { useRevealedApiKeyQuery } from '../../../data/api-keys/api-key-reveal-query'
import { getErrorMessage } from '../../../data/fetcher'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Tooltip } from '../../ui/Tooltip'
import {
  HIDE_LABEL,
  KEY_REVOKED_TOAST,
  MANAGE_KEYS_PERMISSION_TOOLTIP,
  REVEAL_KEY_FAILED,
  REVEAL_LABEL,
  REVOKE_KEY_CONFIRM,
  REVOKE_KEY_DESCRIPTION,
  REVOKE_KEY_FAILED,
  REVOKE_KEY_LABEL,
  REVOKE_KEY_TITLE,
  SECRET_KEY_BADGE,
} from './api-settings.constants'

/**
 * One secret key: its name and masked value; revealed (and so copyable) on demand by members who may read it,
 * revoked after a confirmation by members who may manage keys.
 */
export function SecretApiKeyRow({
  projectRef,
  apiKey,
  canReveal,
  canManage,
}: {
  projectRef: string
  apiKey: ApiKeyResponse
  canReveal: boolean
  canManage: boolean
}) {
  const [revealed, setRevealed] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const value = useRevealedApiKeyQuery({ ref: projectRef, id: apiKey.id }, { enabled: revealed && canReveal })
  const revoke = useApiKeyDeleteMutation({
    onSuccess: () => {
      setConfirming(false)
      toast.success(KEY_REVOKED_TOAST(apiKey.name))
    },
    onError: (error) => toast.error(`${REVOKE_KEY_FAILED}: ${getErrorMessage(error)}`),
  })
  const testId = `secret-key-${apiKey.name}`

  return (
    <div className="space-y-2 px-4 py-4" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium text-neutral-900">{apiKey.name}</p>
        <Badge tone="danger">{SECRET_KEY_BADGE}</Badge>
      </div>
      {apiKey.description && <p className="text-sm text-neutral-600">{apiKey.description}</p>}
      <div className="flex flex-wrap items-start gap-2">
        {revealed && value.data?.api_key ? (
          <CodeBlock
            value={value.data.api_key}
            label={apiKey.name}
            className="min-w-0 flex-1"
            copiedResetMs={KEY_COPY_FEEDBACK_RESET_MS}
            data-testid={`${testId}-value`}
          />
        ) : (
          <p
            className="min-w-0 flex-1 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 font-mono text-[13px] text-neutral-500"
            data-testid={`${testId}-masked`}
          >
            {apiKey.api_key}
          </p>
        )}
        {canReveal &&
          (revealed ? (
            <Button size="sm" className="mt-1.5" onClick={() => setRevealed(false)}>
              {HIDE_LABEL}
            </Button>
          ) : (
            <Button size="sm" className="mt-1.5" onClick={() => setRevealed(true)} data-testid={`${testId}-reveal`}>
              {REVEAL_LABEL}
            </Button>
          ))}
        <Tooltip content={canManage ? undefined : MANAGE_KEYS_PERMISSION_TOOLTIP} wrapDisabled>
          <Button
            size="sm"
            variant="danger"
            className="mt-1.5"
            disabled={!canManage}
            onClick={() => setConfirming(true)}
            data-testid={`${testId}-revoke`}
          >
            {REVOKE_KEY_LABEL}
          </Button>
        </Tooltip>
      </div>
      {revealed && value.isError && (
        <p className="text-sm text-red-600">
          {REVEAL_KEY_FAILED}: {getErrorMessage(value.error)}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={REVOKE_KEY_TITLE(apiKey.name)}
        description={REVOKE_KEY_DESCRIPTION}
        confirmLabel={REVOKE_KEY_CONFIRM}
        variant="danger"
        loading={revoke.isPending}
        data-testid={`${testId}-revoke-dialog`}
        onConfirm={() => revoke.mutate({ ref: projectRef, id: apiKey.id })}
      />
    </div>
  )
}
