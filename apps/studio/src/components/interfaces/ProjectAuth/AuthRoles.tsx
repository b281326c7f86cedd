import { useRolesQuery } from '../../../data/pg-meta/roles-query'
import { Badge } from '../../ui/Badge'
import { DataTable } from '../../ui/DataTable'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Skeleton } from '../../ui/Skeleton'
import {
  LOAD_ROLES_ERROR_TITLE,
  NO,
  NO_CONNECTION_LIMIT,
  ROLE_HEADERS,
  ROLE_MISSING,
  ROLES_DESCRIPTION,
  ROLES_TITLE,
  YES,
} from './project-auth.constants'
import { dataApiRoles, formatConnectionLimit } from './project-auth.utils'

/** anon, authenticated, service_role and authenticator as the database defines them. */
export function AuthRoles({ projectRef }: { projectRef: string }) {
  const roles = useRolesQuery({ ref: projectRef })

  return (
    <Section titleId="roles-title" title={ROLES_TITLE} description={ROLES_DESCRIPTION} data-testid="auth-roles">
      {roles.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : roles.isError ? (
        <ErrorState
          title={LOAD_ROLES_ERROR_TITLE}
          error={roles.error}
          onRetry={() => void roles.refetch()}
          retrying={roles.isFetching}
        />
      ) : (
        <DataTable
          className="rounded-lg border border-neutral-200 bg-white px-4 shadow-xs"
          headers={ROLE_HEADERS}
          rows={dataApiRoles(roles.data)}
          rowKey={({ name }) => name}
          rowTestId={({ name }) => `role-${name}`}
          cells={({ name, usedFor, role }) => (
            <>
              <td className="py-2 pr-4 font-mono text-neutral-900">{name}</td>
              <td className="py-2 pr-4 text-neutral-700">{usedFor}</td>
              {role ? (
                <>
                  <td className="py-2 pr-4 text-neutral-700">{role.can_login ? YES : NO}</td>
                  <td className="py-2 pr-4 text-neutral-700">{role.can_bypass_rls ? YES : NO}</td>
                  <td className="py-2 pr-4 text-neutral-700">
                    {formatConnectionLimit(role.connection_limit, NO_CONNECTION_LIMIT)}
                  </td>
                </>
              ) : (
                <td colSpan={3} className="py-2 pr-4">
                  <Badge tone="danger">{ROLE_MISSING}</Badge>
                </td>
              )}
            </>
          )}
        />
      )}
    </Section>
  )
}
