import type { AuthUserDetailsResponse } from '@pgfleet/contracts'
import { useAuthUserDetailsQuery } from '../../../data/auth-users/user-details-query'
import { CodeBlock } from '../../ui/CodeBlock'
import { DataTable } from '../../ui/DataTable'
import { type Detail, DetailList } from '../../ui/DetailList'
import { Dialog } from '../../ui/Dialog'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Skeleton } from '../../ui/Skeleton'
import {
  COPY_ID_LABEL,
  DETAIL_LABELS,
  DETAILS_TITLE,
  IDENTITIES_TITLE,
  LOAD_USER_FAILED,
  NO_IDENTITIES,
  NO_SESSIONS,
  NO_VALUE,
  PANEL_TITLE_FALLBACK,
  SESSION_HEADERS,
  SESSIONS_TITLE,
} from './auth-users.constants'
import { describeUserAgent, formatDateTime, formatLastSignIn, isBanned, userLabel } from './auth-users.utils'
import { UserActions } from './UserActions'

function detailsOf({ user }: AuthUserDetailsResponse): Detail[] {
  const providers = user.identities.map((identity) => identity.provider)
  return [
    { label: DETAIL_LABELS.email, value: user.email || NO_VALUE, testId: 'email' },
    { label: DETAIL_LABELS.phone, value: user.phone ? `+${user.phone}` : NO_VALUE, testId: 'phone' },
    { label: DETAIL_LABELS.created, value: formatDateTime(user.created_at), testId: 'created' },
    { label: DETAIL_LABELS.lastSignIn, value: formatLastSignIn(user.last_sign_in_at), testId: 'last-sign-in' },
    { label: DETAIL_LABELS.confirmed, value: formatDateTime(user.confirmed_at), testId: 'confirmed' },
    { label: DETAIL_LABELS.invited, value: formatDateTime(user.invited_at), testId: 'invited' },
    {
      label: DETAIL_LABELS.bannedUntil,
      value: isBanned(user.banned_until) ? formatDateTime(user.banned_until) : NO_VALUE,
      testId: 'banned-until',
    },
    { label: DETAIL_LABELS.providers, value: providers.join(', ') || NO_VALUE, testId: 'providers' },
  ]
}

/** The side panel of one user: details, identities, sessions and, for members who may, the actions. */
export function UserPanel({
  projectRef,
  userId,
  canWrite,
  onClose,
}: {
  projectRef: string
  userId: string
  canWrite: boolean
  onClose: () => void
}) {
  const details = useAuthUserDetailsQuery({ ref: projectRef, id: userId })
  const user = details.data?.user
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      variant="side"
      title={user ? userLabel(user) : PANEL_TITLE_FALLBACK}
      data-testid="user-panel"
    >
      {details.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : details.isError ? (
        <ErrorState
          title={LOAD_USER_FAILED}
          error={details.error}
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        />
      ) : (
        <div className="space-y-6">
          <div className="space-y-1.5">
            <p className="text-xs text-neutral-500">{DETAIL_LABELS.id}</p>
            <CodeBlock value={details.data.user.id} label={COPY_ID_LABEL} data-testid="user-panel-id" />
          </div>
          <Section titleId="user-details-title" title={DETAILS_TITLE}>
            <DetailList details={detailsOf(details.data)} testIdPrefix="user-detail-" className="grid sm:grid-cols-2" />
          </Section>
          <Section titleId="user-identities-title" title={IDENTITIES_TITLE}>
            {details.data.user.identities.length === 0 ? (
              <p className="text-sm text-neutral-600">{NO_IDENTITIES}</p>
            ) : (
              <ul className="space-y-2" data-testid="user-identities">
                {details.data.user.identities.map((identity) => (
                  <li
                    key={identity.identity_id}
                    className="rounded-md border border-neutral-200 px-3 py-2 text-sm"
                    data-testid={`identity-${identity.provider}`}
                  >
                    <p className="font-medium text-neutral-900">{identity.provider}</p>
                    <p className="text-xs text-neutral-600">
                      {identity.email ?? identity.id} · {formatLastSignIn(identity.last_sign_in_at)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section titleId="user-sessions-title" title={SESSIONS_TITLE}>
            {details.data.sessions.length === 0 ? (
              <p className="text-sm text-neutral-600" data-testid="user-no-sessions">
                {NO_SESSIONS}
              </p>
            ) : (
              <DataTable
                headers={SESSION_HEADERS}
                rows={details.data.sessions}
                rowKey={(session) => session.id}
                rowTestId={() => 'user-session'}
                cells={(session) => (
                  <>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(session.created_at)}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {formatDateTime(session.refreshed_at ?? session.updated_at)}
                    </td>
                    <td className="py-2 pr-4" title={session.user_agent ?? undefined}>
                      {describeUserAgent(session.user_agent)}
                    </td>
                    <td className="py-2 pr-4 font-mono text-xs">{session.ip ?? NO_VALUE}</td>
                  </>
                )}
              />
            )}
          </Section>
          {canWrite && <UserActions projectRef={projectRef} details={details.data} onDeleted={onClose} />}
        </div>
      )}
    </Dialog>
  )
}
