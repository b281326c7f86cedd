import { useRolesQuery } from '../../../data/pg-meta/roles-query'
import { Badge } from '../../ui/Badge'
import { ErrorState } from '../../ui/ErrorState'
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
    <section aria-labelledby="roles-title" className="space-y-3" data-testid="auth-roles">
      <div>
        <h2 id="roles-title" className="text-base font-semibold text-neutral-900">
          {ROLES_TITLE}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{ROLES_DESCRIPTION}</p>
      </div>
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
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white px-4 shadow-xs">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-neutral-200 text-xs text-neutral-500">
                {ROLE_HEADERS.map((header) => (
                  <th key={header} scope="col" className="py-2 pr-4 font-medium">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dataApiRoles(roles.data).map(({ name, usedFor, role }) => (
                <tr key={name} className="border-b border-neutral-100 last:border-0" data-testid={`role-${name}`}>
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
