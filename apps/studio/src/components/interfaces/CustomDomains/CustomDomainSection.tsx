import {
  CUSTOM_DOMAIN_UPDATE_DENIED,
  CustomHostname,
  type CustomHostnameResponse,
  PermissionAction,
  PermissionResource,
  type Project,
} from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import {
  useCustomHostnameActivateMutation,
  useCustomHostnameRemoveMutation,
  useCustomHostnameReverifyMutation,
  useCustomHostnameSetMutation,
} from '../../../data/custom-domains/custom-hostname-mutations'
import { useCustomHostnameQuery } from '../../../data/custom-domains/custom-hostname-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useCan } from '../../../lib/use-can'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import { SUBSCRIPTION_PLAN_PANEL } from '../Billing/billing.constants'
import * as T from './custom-domains.constants'
import { customDomainStage } from './custom-domains.utils'

/** Settings › General: set a custom hostname, prove it with DNS records, activate it, or remove it. */
export function CustomDomainSection({ project }: { project: Project }) {
  const query = useCustomHostnameQuery({ ref: project.ref })
  const { can: canUpdate } = useCan(PermissionAction.UPDATE, PermissionResource.PROJECTS, {
    orgSlug: project.organization_slug,
  })

  return (
    <section aria-labelledby="custom-domain-title" className="space-y-3" data-testid="custom-domain-section">
      <div>
        <h2 id="custom-domain-title" className="text-base font-semibold text-neutral-900">
          {T.CUSTOM_DOMAIN_TITLE}
        </h2>
        <p className="mt-0.5 text-sm text-neutral-600">{T.CUSTOM_DOMAIN_DESCRIPTION}</p>
      </div>
      <div className="rounded-lg border border-neutral-200 bg-white px-4 py-4 shadow-xs">
        {query.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : query.isError ? (
          <ErrorState
            title={T.CUSTOM_DOMAIN_FAILED_TO_LOAD}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <CustomDomainBody project={project} state={query.data} canUpdate={canUpdate} />
        )}
      </div>
    </section>
  )
}

function CustomDomainBody({
  project,
  state,
  canUpdate,
}: {
  project: Project
  state: CustomHostnameResponse
  canUpdate: boolean
}) {
  const stage = customDomainStage(state.status)
  if (stage === 'not-allowed') {
    return (
      <p className="text-sm text-neutral-700" data-testid="custom-domain-not-allowed">
        {T.CUSTOM_DOMAIN_NOT_ALLOWED_TEXT}{' '}
        <Link
          to={`/org/${project.organization_slug}/billing?panel=${SUBSCRIPTION_PLAN_PANEL}`}
          className="font-medium text-emerald-700 hover:underline"
        >
          {T.CUSTOM_DOMAIN_UPGRADE_LINK}
        </Link>
      </p>
    )
  }
  if (stage === 'none' || !state.data) return <HostnameForm projectRef={project.ref} canUpdate={canUpdate} />

  const details = state.data.result
  return (
    <div className="space-y-4" data-testid="custom-domain-details">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm text-neutral-900" data-testid="custom-domain-hostname">
          {details.hostname}
        </span>
        <Badge tone={stage === 'active' ? 'success' : stage === 'verified' ? 'info' : 'warning'}>
          {T.CUSTOM_DOMAIN_STATUS_LABELS[stage]}
        </Badge>
      </div>
      {stage === 'pending' && (
        <div className="space-y-2">
          <p className="text-sm text-neutral-700">{T.CUSTOM_DOMAIN_DNS_INTRO}</p>
          <p className="text-xs text-neutral-500">{T.CUSTOM_DOMAIN_CNAME_LABEL(details.hostname)}</p>
          <CodeBlock value={details.custom_origin_server} label="CNAME target" data-testid="custom-domain-cname" />
          <p className="text-xs text-neutral-500">{T.CUSTOM_DOMAIN_TXT_LABEL(details.ownership_verification.name)}</p>
          <CodeBlock
            value={details.ownership_verification.value}
            label="TXT record value"
            data-testid="custom-domain-txt"
          />
          {details.verification_errors.map((message) => (
            <p key={message} className="text-sm text-amber-700" data-testid="custom-domain-verification-error">
              {message}
            </p>
          ))}
          {details.claim_expires_at && (
            <p className="text-xs text-neutral-500" data-testid="custom-domain-claim-expiry">
              {T.CUSTOM_DOMAIN_CLAIM_NOTE(new Date(details.claim_expires_at).toLocaleString())}
            </p>
          )}
        </div>
      )}
      {stage === 'verified' && <p className="text-sm text-neutral-700">{T.CUSTOM_DOMAIN_VERIFIED_TEXT}</p>}
      {stage === 'active' && (
        <p className="text-sm text-neutral-700" data-testid="custom-domain-active">
          {T.CUSTOM_DOMAIN_ACTIVE_TEXT(details.hostname)} {T.CUSTOM_DOMAIN_TLS_NOTE}
        </p>
      )}
      <HostnameActions projectRef={project.ref} hostname={details.hostname} stage={stage} canUpdate={canUpdate} />
    </div>
  )
}

function HostnameForm({ projectRef, canUpdate }: { projectRef: string; canUpdate: boolean }) {
  const [hostname, setHostname] = useState('')
  const [error, setError] = useState<string>()
  const set = useCustomHostnameSetMutation({
    onSuccess: () => toast.success(T.CUSTOM_DOMAIN_SET_TOAST),
    onError: (e) => setError(T.CUSTOM_DOMAIN_SET_FAILED(getErrorMessage(e))),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = CustomHostname.safeParse(hostname)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    set.mutate({ ref: projectRef, hostname: parsed.data })
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <Input
        label={T.CUSTOM_DOMAIN_INPUT_LABEL}
        placeholder={T.CUSTOM_DOMAIN_INPUT_PLACEHOLDER}
        value={hostname}
        onChange={(event) => setHostname(event.target.value)}
        error={error}
        disabled={!canUpdate}
        fieldClassName="min-w-64 flex-1"
        data-testid="custom-domain-input"
      />
      <Tooltip content={canUpdate ? undefined : CUSTOM_DOMAIN_UPDATE_DENIED} wrapDisabled>
        <Button type="submit" variant="primary" disabled={!canUpdate} loading={set.isPending}>
          {T.CUSTOM_DOMAIN_ADD_LABEL}
        </Button>
      </Tooltip>
    </form>
  )
}

function HostnameActions({
  projectRef,
  hostname,
  stage,
  canUpdate,
}: {
  projectRef: string
  hostname: string
  stage: 'pending' | 'verified' | 'active'
  canUpdate: boolean
}) {
  const [confirmRemove, setConfirmRemove] = useState(false)
  const reverify = useCustomHostnameReverifyMutation({
    onSuccess: (answer) =>
      customDomainStage(answer.status) === 'pending'
        ? toast.warning(T.CUSTOM_DOMAIN_NOT_VERIFIED_TOAST)
        : toast.success(T.CUSTOM_DOMAIN_VERIFIED_TOAST),
    onError: (e) => toast.error(T.CUSTOM_DOMAIN_VERIFY_FAILED(getErrorMessage(e))),
  })
  const activate = useCustomHostnameActivateMutation({
    onSuccess: () => toast.success(T.CUSTOM_DOMAIN_ACTIVATED_TOAST),
    onError: (e) => toast.error(T.CUSTOM_DOMAIN_ACTIVATE_FAILED(getErrorMessage(e))),
  })
  const remove = useCustomHostnameRemoveMutation({
    onSuccess: () => {
      setConfirmRemove(false)
      toast.success(T.CUSTOM_DOMAIN_REMOVED_TOAST)
    },
    onError: (e) => toast.error(T.CUSTOM_DOMAIN_REMOVE_FAILED(getErrorMessage(e))),
  })
  const denied = canUpdate ? undefined : CUSTOM_DOMAIN_UPDATE_DENIED

  return (
    <div className="flex flex-wrap gap-2">
      {stage === 'pending' && (
        <Tooltip content={denied} wrapDisabled>
          <Button
            variant="primary"
            disabled={!canUpdate}
            loading={reverify.isPending}
            onClick={() => reverify.mutate({ ref: projectRef })}
          >
            {T.CUSTOM_DOMAIN_VERIFY_LABEL}
          </Button>
        </Tooltip>
      )}
      {stage === 'verified' && (
        <Tooltip content={denied} wrapDisabled>
          <Button
            variant="primary"
            disabled={!canUpdate}
            loading={activate.isPending}
            onClick={() => activate.mutate({ ref: projectRef })}
          >
            {T.CUSTOM_DOMAIN_ACTIVATE_LABEL}
          </Button>
        </Tooltip>
      )}
      <Tooltip content={denied} wrapDisabled>
        <Button variant="danger" disabled={!canUpdate} onClick={() => setConfirmRemove(true)}>
          {T.CUSTOM_DOMAIN_REMOVE_LABEL}
        </Button>
      </Tooltip>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={T.CUSTOM_DOMAIN_REMOVE_TITLE}
        description={T.CUSTOM_DOMAIN_REMOVE_DESCRIPTION(hostname)}
        confirmLabel={T.CUSTOM_DOMAIN_REMOVE_LABEL}
        variant="danger"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ ref: projectRef })}
        data-testid="custom-domain-remove-dialog"
      />
    </div>
  )
}
