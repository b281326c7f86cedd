import type { AuthUserSummary } from '@pgfleet/contracts'
import { cn } from '../../../lib/cn'
import { Badge, type BadgeTone } from '../../ui/Badge'
import { NO_VALUE, STATUS_LABELS, USER_HEADERS } from './auth-users.constants'
import { formatDateTime, formatLastSignIn, statusOf, type UserStatus, userLabel } from './auth-users.utils'

const STATUS_TONES: Record<UserStatus, BadgeTone> = {
  banned: 'danger',
  anonymous: 'neutral',
  invited: 'info',
  unconfirmed: 'warning',
  confirmed: 'success',
}

/** One page of users; a row (or its button, from the keyboard) opens the user's panel. */
export function UsersTable({
  users,
  onOpen,
  stale,
}: {
  users: readonly AuthUserSummary[]
  onOpen: (id: string) => void
  /** the rows are the previous page's while the next one loads */
  stale: boolean
}) {
  return (
    <div className={cn('overflow-x-auto rounded-lg border border-neutral-200 bg-white', stale && 'opacity-60')}>
      <table className="w-full text-left text-sm" data-testid="users-table">
        <thead>
          <tr className="border-b border-neutral-200 text-xs text-neutral-500">
            {USER_HEADERS.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const status = statusOf(user)
            return (
              <tr
                key={user.id}
                className="cursor-pointer border-b border-neutral-100 last:border-0 hover:bg-neutral-50"
                onClick={() => onOpen(user.id)}
                data-testid={`user-row-${user.email ?? user.id}`}
              >
                <td className="max-w-72 px-3 py-2">
                  <button
                    type="button"
                    className="block max-w-full truncate text-left font-medium text-neutral-900 hover:underline"
                    onClick={(event) => {
                      event.stopPropagation()
                      onOpen(user.id)
                    }}
                  >
                    {userLabel(user)}
                  </button>
                  <span className="block truncate font-mono text-xs text-neutral-500">
                    {user.display_name ? `${user.display_name} · ` : ''}
                    {user.id}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-neutral-700">
                  {user.phone ? `+${user.phone}` : NO_VALUE}
                </td>
                <td className="px-3 py-2 text-neutral-700">{user.providers.join(', ') || NO_VALUE}</td>
                <td className="px-3 py-2 whitespace-nowrap text-neutral-700">{formatDateTime(user.created_at)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-neutral-700">
                  {formatLastSignIn(user.last_sign_in_at)}
                </td>
                <td className="px-3 py-2">
                  <Badge tone={STATUS_TONES[status]} data-testid="user-status">
                    {STATUS_LABELS[status]}
                  </Badge>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
