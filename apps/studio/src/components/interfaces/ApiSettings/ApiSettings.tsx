import {
  JWT_UPDATE_POLL_INTERVAL_MS,
  KEY_COPY_FEEDBACK_RESET_MS,
  PermissionAction,
  PermissionResource,
} from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { toast } from 'sonner'
import { useApiKeysQuery } from '../../../data/api-keys/api-keys-query'
import { apiKeysKeys } from '../../../data/api-keys/keys'
import { useJwtSecretUpdateMutation } from '../../../data/config/jwt-secret-update-mutation'
import { useJwtSecretUpdateStatusQuery } from '../../../data/config/jwt-secret-update-status-query'
import { configKeys } from '../../../data/config/keys'
import { usePostgrestConfigQuery } from '../../../data/config/postgrest-config-query'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Input } from '../../ui/Input'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import {
  ANON_KEY_BADGE,
  ANON_KEY_DESCRIPTION,
  ANON_KEY_LABEL,
  API_KEYS_DESCRIPTION,
  API_KEYS_TITLE,
  API_SETTINGS_TITLE,
  CUSTOM_SECRET_DESCRIPTION,
  CUSTOM_SECRET_LABEL,
  GENERATE_JWT_CONFIRM_DESCRIPTION,
  GENERATE_JWT_CONFIRM_LABEL,
  GENERATE_JWT_CONFIRM_TITLE,
  GENERATE_JWT_LABEL,
  JWT_SECRET_DESCRIPTION,
  JWT_SECRET_LABEL,
  JWT_SETTINGS_TITLE,
  JWT_STATUS_LABEL,
  JWT_UPDATE_FAILED_TEXT,
  JWT_UPDATED_TOAST,
  LEGACY_KEYS_DESCRIPTION,
  LEGACY_KEYS_TITLE,
  PERMISSION_DENIED_MESSAGE,
  PROJECT_URL_DESCRIPTION,
  PROJECT_URL_TITLE,
  RESTRICTED_NOTICE,
  RETRIEVE_CONFIG_FAILED,
  RETRIEVE_KEYS_FAILED,
  SERVICE_KEY_BADGE,
  SERVICE_KEY_DESCRIPTION,
  SERVICE_KEY_LABEL,
  UPDATE_JWT_FAILED,
  UPDATE_JWT_PERMISSION_TOOLTIP,
  UPDATING_JWT_TEXT,
} from './api-settings.constants'
import {
  apiKeyOf,
  awaitedUpdateFinished,
  jwtUpdateJustFinished,
  projectUrlOf,
  validateCustomSecret,
} from './api-settings.utils'
import { CustomDomainUrl } from './CustomDomainUrl'
import { LegacyApiKeysSwitch } from './LegacyApiKeysSwitch'
import { NewApiKeys } from './NewApiKeys'
import { SecretField } from './SecretField'

function Panel({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-base font-semibold text-neutral-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
      </div>
      <div className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white shadow-xs">
        {children}
      </div>
    </section>
  )
}

function GenerateJwtSecretButton({
  projectRef,
  canUpdate,
  onStarted,
}: {
  projectRef: string
  canUpdate: boolean
  onStarted: (changeTrackingId: string) => void
}) {
  const [open, setOpen] = useState(false)
  const [secret, setSecret] = useState('')
  const [touched, setTouched] = useState(false)
  const error = validateCustomSecret(secret)
  const update = useJwtSecretUpdateMutation({
    onSuccess: ({ change_tracking_id }) => {
      onStarted(change_tracking_id)
      setOpen(false)
      setSecret('')
      setTouched(false)
    },
    onError: (err) => toast.error(`${UPDATE_JWT_FAILED}: ${getErrorMessage(err)}`),
  })
  return (
    <>
      <Tooltip content={canUpdate ? undefined : UPDATE_JWT_PERMISSION_TOOLTIP} wrapDisabled>
        <Button disabled={!canUpdate} onClick={() => setOpen(true)} data-testid="generate-jwt-secret-button">
          {GENERATE_JWT_LABEL}
        </Button>
      </Tooltip>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={GENERATE_JWT_CONFIRM_TITLE}
        description={GENERATE_JWT_CONFIRM_DESCRIPTION}
        confirmLabel={GENERATE_JWT_CONFIRM_LABEL}
        variant="danger"
        loading={update.isPending}
        data-testid="generate-jwt-secret-dialog"
        onConfirm={() => {
          setTouched(true)
          if (error) return
          update.mutate({ ref: projectRef, ...(secret ? { jwt_secret: secret } : {}) })
        }}
      >
        <Input
          label={CUSTOM_SECRET_LABEL}
          description={CUSTOM_SECRET_DESCRIPTION}
          value={secret}
          autoComplete="off"
          error={touched ? error : undefined}
          onChange={(event) => setSecret(event.target.value)}
          onBlur={() => setTouched(true)}
          data-testid="custom-jwt-secret-input"
        />
      </ConfirmDialog>
    </>
  )
}

export function ApiSettings() {
  const { ref = '' } = useParams()
  const queryClient = useQueryClient()
  const { data: project } = useProjectDetailQuery({ ref })
  const orgSlug = project?.organization_slug
  const { can: canReadSecrets, isLoading: permissionsLoading } = useCan(
    PermissionAction.READ,
    PermissionResource.SERVICE_API_KEYS,
    { orgSlug },
  )
  const { can: canUpdate } = useCan(PermissionAction.UPDATE, PermissionResource.PROJECTS, { orgSlug })
  const permissionsKnown = Boolean(orgSlug) && !permissionsLoading

  const settings = useProjectSettingsQuery({ ref })
  const keys = useApiKeysQuery({ ref })
  // never ask for the secret without the permission to read it
  const postgrest = usePostgrestConfigQuery({ ref }, { enabled: permissionsKnown && canReadSecrets })
  // the update started from this page, until its end is seen (it may end before a poll sees it Updating)
  const [awaitedId, setAwaitedId] = useState<string>()
  const status = useJwtSecretUpdateStatusQuery(
    { ref },
    {
      refetchInterval: (query) =>
        query.state.data?.status === 'Updating' ||
        (awaitedId !== undefined && query.state.data?.change_tracking_id !== awaitedId)
          ? JWT_UPDATE_POLL_INTERVAL_MS
          : false,
    },
  )
  const currentStatus = status.data?.status
  const updating = currentStatus === 'Updating'

  const previousStatus = useRef(currentStatus)
  useEffect(() => {
    const awaitedEnded = awaitedUpdateFinished(awaitedId, status.data)
    if (awaitedEnded) setAwaitedId(undefined)
    if (awaitedEnded || jwtUpdateJustFinished(previousStatus.current, currentStatus)) {
      void queryClient.invalidateQueries({ queryKey: apiKeysKeys.list(ref) })
      void queryClient.invalidateQueries({ queryKey: configKeys.postgrest(ref) })
      if (currentStatus === 'Updated') toast.success(JWT_UPDATED_TOAST)
    }
    previousStatus.current = currentStatus
  }, [awaitedId, status.data, currentStatus, queryClient, ref])

  return (
    <PageContainer className="space-y-8" data-testid="api-settings-page">
      <h1 className="text-xl font-semibold text-neutral-900">{API_SETTINGS_TITLE}</h1>

      <Panel id="project-url-title" title={PROJECT_URL_TITLE} description={PROJECT_URL_DESCRIPTION}>
        <div className="px-4 py-4">
          {settings.isPending ? (
            <Skeleton className="h-9 w-full" />
          ) : settings.isError ? (
            <Alert tone="error" title={RETRIEVE_CONFIG_FAILED}>
              {getErrorMessage(settings.error)}
            </Alert>
          ) : (
            <CodeBlock
              value={projectUrlOf(settings.data.app_config)}
              label="project URL"
              copiedResetMs={KEY_COPY_FEEDBACK_RESET_MS}
              data-testid="project-url"
            />
          )}
          <CustomDomainUrl projectRef={ref} />
        </div>
      </Panel>

      <Panel id="api-keys-title" title={API_KEYS_TITLE} description={API_KEYS_DESCRIPTION}>
        {keys.isPending ? (
          <div className="px-4 py-4">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : keys.isError ? (
          <div className="px-4 py-4">
            <Alert tone="error" title={RETRIEVE_KEYS_FAILED}>
              {getErrorMessage(keys.error)}
            </Alert>
          </div>
        ) : (
          <NewApiKeys
            projectRef={ref}
            keys={keys.data}
            canReadSecrets={canReadSecrets}
            secretsRestricted={permissionsKnown && !canReadSecrets}
            canManage={canUpdate}
          />
        )}
      </Panel>

      <Panel id="legacy-api-keys-title" title={LEGACY_KEYS_TITLE} description={LEGACY_KEYS_DESCRIPTION}>
        <LegacyApiKeysSwitch projectRef={ref} canManage={canUpdate} />
        {keys.isPending ? (
          <div className="px-4 py-4">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : keys.isError ? (
          <div className="px-4 py-4">
            <Alert tone="error" title={RETRIEVE_KEYS_FAILED}>
              {getErrorMessage(keys.error)}
            </Alert>
          </div>
        ) : (
          <>
            {currentStatus === 'Failed' && (
              <div className="px-4 py-4">
                <Alert tone="error" title={JWT_UPDATE_FAILED_TEXT} data-testid="jwt-update-failed">
                  {status.data?.error}
                </Alert>
              </div>
            )}
            <SecretField
              label={ANON_KEY_LABEL}
              badge={<Badge>{ANON_KEY_BADGE}</Badge>}
              description={ANON_KEY_DESCRIPTION}
              value={apiKeyOf(keys.data, 'anon')}
              placeholder={updating ? UPDATING_JWT_TEXT : undefined}
              testId="anon-key"
            />
            {permissionsKnown && !canReadSecrets ? (
              <div className="px-4 py-4">
                <Alert tone="warning" title={PERMISSION_DENIED_MESSAGE} data-testid="api-keys-restricted">
                  {RESTRICTED_NOTICE}
                </Alert>
              </div>
            ) : (
              <SecretField
                label={SERVICE_KEY_LABEL}
                badge={<Badge tone="danger">{SERVICE_KEY_BADGE}</Badge>}
                description={SERVICE_KEY_DESCRIPTION}
                value={apiKeyOf(keys.data, 'service_role')}
                secret
                placeholder={updating ? UPDATING_JWT_TEXT : undefined}
                testId="service-role-key"
              />
            )}
          </>
        )}
      </Panel>

      <Panel id="jwt-settings-title" title={JWT_SETTINGS_TITLE}>
        {permissionsKnown && !canReadSecrets ? (
          <div className="px-4 py-4">
            <Alert tone="warning" title={PERMISSION_DENIED_MESSAGE}>
              {RESTRICTED_NOTICE}
            </Alert>
          </div>
        ) : postgrest.isError ? (
          <div className="px-4 py-4">
            <Alert tone="error" title={RETRIEVE_CONFIG_FAILED}>
              {getErrorMessage(postgrest.error)}
            </Alert>
          </div>
        ) : (
          <SecretField
            label={JWT_SECRET_LABEL}
            description={JWT_SECRET_DESCRIPTION}
            value={postgrest.data?.jwt_secret}
            secret
            placeholder={updating ? UPDATING_JWT_TEXT : undefined}
            testId="jwt-secret"
          />
        )}
        <div className="flex flex-wrap items-center justify-between gap-4 px-4 py-4">
          <p className="text-sm text-neutral-600" data-testid="jwt-update-status">
            {JWT_STATUS_LABEL}: {currentStatus ?? '–'}
            {status.data?.progress ? ` (${status.data.progress})` : ''}
          </p>
          <GenerateJwtSecretButton projectRef={ref} canUpdate={canUpdate && !updating} onStarted={setAwaitedId} />
        </div>
      </Panel>
    </PageContainer>
  )
}
