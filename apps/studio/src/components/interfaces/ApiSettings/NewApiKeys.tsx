import type { ApiKeyResponse } from '@pgfleet/contracts'
import { Alert } from '../../ui/Alert'
import { Badge } from '../../ui/Badge'
import {
  NO_SECRET_KEYS,
  PUBLISHABLE_KEY_BADGE,
  PUBLISHABLE_KEYS_DESCRIPTION,
  PUBLISHABLE_KEYS_TITLE,
  SECRET_KEYS_DESCRIPTION,
  SECRET_KEYS_RESTRICTED,
  SECRET_KEYS_TITLE,
} from './api-settings.constants'
import { CreateSecretKeyDialog } from './CreateSecretKeyDialog'
import { SecretApiKeyRow } from './SecretApiKeyRow'
import { SecretField } from './SecretField'

/** The publishable keys (shown: they are public) and the secret keys (masked, revealed on demand). */
export function NewApiKeys({
  projectRef,
  keys,
  canReadSecrets,
  secretsRestricted,
  canManage,
}: {
  projectRef: string
  keys: readonly ApiKeyResponse[]
  canReadSecrets: boolean
  /** the member's permissions are known and exclude reading secret keys */
  secretsRestricted: boolean
  canManage: boolean
}) {
  const publishable = keys.filter((key) => key.type === 'publishable')
  const secret = keys.filter((key) => key.type === 'secret')
  return (
    <>
      <div className="px-4 pt-4" data-testid="publishable-keys">
        <h3 className="text-sm font-semibold text-neutral-900">{PUBLISHABLE_KEYS_TITLE}</h3>
        <p className="mt-1 text-sm text-neutral-600">{PUBLISHABLE_KEYS_DESCRIPTION}</p>
      </div>
      {publishable.map((key) => (
        <SecretField
          key={key.id}
          label={key.name}
          badge={<Badge>{PUBLISHABLE_KEY_BADGE}</Badge>}
          description={key.description ?? undefined}
          value={key.api_key ?? undefined}
          testId={`publishable-key-${key.name}`}
        />
      ))}
      <div className="flex flex-wrap items-start justify-between gap-4 px-4 pt-4" data-testid="secret-keys">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold text-neutral-900">{SECRET_KEYS_TITLE}</h3>
          <p className="mt-1 text-sm text-neutral-600">{SECRET_KEYS_DESCRIPTION}</p>
        </div>
        <CreateSecretKeyDialog projectRef={projectRef} canManage={canManage} />
      </div>
      {secretsRestricted && (
        <div className="px-4 pt-3">
          <Alert tone="warning" data-testid="secret-keys-restricted">
            {SECRET_KEYS_RESTRICTED}
          </Alert>
        </div>
      )}
      {secret.length === 0 ? (
        <p className="px-4 py-4 text-sm text-neutral-600">{NO_SECRET_KEYS}</p>
      ) : (
        secret.map((key) => (
          <SecretApiKeyRow
            key={key.id}
            projectRef={projectRef}
            apiKey={key}
            canReveal={canReadSecrets}
            canManage={canManage}
          />
        ))
      )}
    </>
  )
}
