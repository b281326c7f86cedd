import {
  AUTH_USERS_PAGE_SIZE_DEFAULT,
  type AuthUserFilter,
  type AuthUserSortColumn,
  type AuthUserSortOrder,
  PermissionAction,
  PermissionResource,
} from '@pgfleet/contracts'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useAuthUsersQuery } from '../../../data/auth-users/users-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useDebouncedCallback } from '../../../lib/debounce'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button, buttonClassName } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import {
  CREATE_USER_LABEL,
  INVITE_USER_LABEL,
  LOAD_USERS_FAILED,
  NEXT_PAGE_LABEL,
  NO_MATCHES,
  PAGE_LABEL,
  POLICIES_LINK,
  PREVIOUS_PAGE_LABEL,
  PROJECT_NOT_RUNNING,
  READ_ONLY_NOTE,
  SEARCH_DEBOUNCE_MS,
  USERS_COUNT,
  USERS_DESCRIPTION,
  USERS_TITLE,
} from './auth-users.constants'
import { usersQueryOf } from './auth-users.utils'
import { CreateUserDialog } from './CreateUserDialog'
import { InviteUserDialog } from './InviteUserDialog'
import { UserPanel } from './UserPanel'
import { UsersEmptyState } from './UsersEmptyState'
import { UsersTable } from './UsersTable'
import { UsersToolbar } from './UsersToolbar'

type Opened = 'create' | 'invite' | null

/** /project/{ref}/auth/users: the project's auth users, a page at a time, with a side panel per user. */
export function UsersPage() {
  const { ref = '' } = useParams()
  const project = useProjectDetailQuery({ ref })
  const { can: canWrite, isLoading: permissionsLoading } = useCan(PermissionAction.UPDATE, PermissionResource.AUTH, {
    orgSlug: project.data?.organization_slug,
  })
  const running = project.data?.status === 'ACTIVE_HEALTHY'

  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const [filter, setFilter] = useState<AuthUserFilter>('all')
  const [provider, setProvider] = useState('')
  const [sort, setSort] = useState<AuthUserSortColumn>('created_at')
  const [order, setOrder] = useState<AuthUserSortOrder>('desc')
  // the cursors of the pages before this one: the first page has none
  const [cursors, setCursors] = useState<string[]>([])
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [opened, setOpened] = useState<Opened>(null)

  const startOver = () => setCursors([])
  const searchLater = useDebouncedCallback((text: string) => {
    setSearch(text)
    startOver()
  }, SEARCH_DEBOUNCE_MS)

  const query = usersQueryOf({
    search,
    filter,
    provider,
    sort,
    order,
    perPage: AUTH_USERS_PAGE_SIZE_DEFAULT,
    cursor: cursors.at(-1) ?? null,
  })
  const users = useAuthUsersQuery({ ref, query }, { enabled: running })
  const narrowed = search.trim() !== '' || filter !== 'all' || provider !== ''

  return (
    <PageContainer className="space-y-6" data-testid="auth-users-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold text-neutral-900">{USERS_TITLE}</h1>
          <p className="max-w-2xl text-sm text-neutral-600">{USERS_DESCRIPTION}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/project/${ref}/auth/policies`}
            className={buttonClassName({ variant: 'ghost' })}
            data-testid="auth-policies-link"
          >
            {POLICIES_LINK}
          </Link>
          {canWrite && running && (
            <>
              <Button onClick={() => setOpened('invite')} data-testid="invite-user-button">
                {INVITE_USER_LABEL}
              </Button>
              <Button variant="primary" onClick={() => setOpened('create')} data-testid="create-user-button">
                {CREATE_USER_LABEL}
              </Button>
            </>
          )}
        </div>
      </div>
      {!permissionsLoading && project.data && !canWrite && <Alert tone="info">{READ_ONLY_NOTE}</Alert>}
      {project.data && !running ? (
        <Alert tone="info" data-testid="auth-users-not-running">
          {PROJECT_NOT_RUNNING}
        </Alert>
      ) : (
        <section aria-label={USERS_TITLE} className="space-y-3">
          <UsersToolbar
            searchText={searchText}
            onSearchTextChange={(text) => {
              setSearchText(text)
              searchLater(text)
            }}
            filter={filter}
            onFilterChange={(value) => {
              setFilter(value)
              startOver()
            }}
            provider={provider}
            onProviderChange={(value) => {
              setProvider(value)
              startOver()
            }}
            sort={sort}
            onSortChange={(value) => {
              setSort(value)
              startOver()
            }}
            order={order}
            onOrderChange={(value) => {
              setOrder(value)
              startOver()
            }}
            onRefresh={() => void users.refetch()}
            refreshing={users.isFetching}
          />
          {users.isPending ? (
            <Skeleton className="h-64 w-full" />
          ) : users.isError ? (
            <ErrorState
              title={LOAD_USERS_FAILED}
              error={users.error}
              onRetry={() => void users.refetch()}
              retrying={users.isFetching}
            />
          ) : users.data.total === 0 && !narrowed ? (
            <UsersEmptyState
              canWrite={canWrite}
              onCreate={() => setOpened('create')}
              onInvite={() => setOpened('invite')}
            />
          ) : users.data.users.length === 0 ? (
            <p
              className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600"
              data-testid="no-matching-users"
            >
              {NO_MATCHES}
            </p>
          ) : (
            <>
              <UsersTable users={users.data.users} onOpen={setSelectedId} stale={users.isPlaceholderData} />
              <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-neutral-600">
                <span data-testid="users-count">{USERS_COUNT(users.data.total)}</span>
                <div className="flex items-center gap-2">
                  <span data-testid="users-page-number">{PAGE_LABEL(cursors.length + 1)}</span>
                  <Button
                    size="sm"
                    disabled={cursors.length === 0}
                    onClick={() => setCursors((stack) => stack.slice(0, -1))}
                    data-testid="users-previous-page"
                  >
                    {PREVIOUS_PAGE_LABEL}
                  </Button>
                  <Button
                    size="sm"
                    disabled={!users.data.next_cursor || users.isPlaceholderData}
                    onClick={() => {
                      const next = users.data.next_cursor
                      if (next) setCursors((stack) => [...stack, next])
                    }}
                    data-testid="users-next-page"
                  >
                    {NEXT_PAGE_LABEL}
                  </Button>
                </div>
              </div>
            </>
          )}
        </section>
      )}
      {selectedId && (
        <UserPanel
          key={selectedId}
          projectRef={ref}
          userId={selectedId}
          canWrite={canWrite}
          onClose={() => setSelectedId(null)}
        />
      )}
      {opened === 'create' && <CreateUserDialog projectRef={ref} onClose={() => setOpened(null)} />}
      {opened === 'invite' && <InviteUserDialog projectRef={ref} onClose={() => setOpened(null)} />}
    </PageContainer>
  )
}
