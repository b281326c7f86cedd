import type { PgPolicy } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { usePoliciesQuery } from '../../../data/pg-meta/policies-query'
import { useTablesQuery } from '../../../data/pg-meta/tables-query'
import { Alert } from '../../ui/Alert'
import { Badge } from '../../ui/Badge'
import { DataTable } from '../../ui/DataTable'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Skeleton } from '../../ui/Skeleton'
import {
  ALL_TABLES_RLS_ENABLED,
  CREATE_POLICY_HINT,
  ENABLE_RLS_SQL,
  LOAD_POLICIES_ERROR_TITLE,
  LOAD_TABLES_ERROR_TITLE,
  NO_EXPRESSION,
  NO_POLICIES_MESSAGE,
  POLICIES_DESCRIPTION,
  POLICIES_TITLE,
  POLICY_COUNT,
  POLICY_HEADERS,
  RLS_DISABLED_NOTE,
  RLS_DISABLED_TITLE,
  RLS_ON_NO_POLICY_NOTE,
  RLS_SCHEMA,
  SQL_EDITOR_LINK,
} from './project-auth.constants'
import { groupPoliciesByTable, rlsTablesWithoutPolicies, tablesWithoutRls } from './project-auth.utils'

const linkClassName = 'font-medium text-emerald-700 hover:underline'

function Expression({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-neutral-400">{NO_EXPRESSION}</span>
  ) : (
    <code className="font-mono text-xs break-words whitespace-pre-wrap text-neutral-800">{value}</code>
  )
}

function PolicyTable({ policies }: { policies: readonly PgPolicy[] }) {
  return (
    <DataTable
      headers={POLICY_HEADERS}
      rows={policies}
      rowKey={(policy) => policy.id}
      rowTestId={(policy) => `policy-${policy.name}`}
      rowClassName="border-b border-neutral-100 align-top last:border-0"
      cells={(policy) => (
        <>
          <td className="py-2 pr-4 font-medium text-neutral-900">{policy.name}</td>
          <td className="py-2 pr-4 font-mono text-xs text-neutral-700">{policy.command}</td>
          <td className="py-2 pr-4 font-mono text-xs text-neutral-700">{policy.roles.join(', ')}</td>
          <td className="py-2 pr-4">
            <Badge tone={policy.action === 'RESTRICTIVE' ? 'warning' : 'neutral'}>{policy.action}</Badge>
          </td>
          <td className="max-w-64 py-2 pr-4">
            <Expression value={policy.definition} />
          </td>
          <td className="max-w-64 py-2 pr-4">
            <Expression value={policy.check} />
          </td>
        </>
      )}
    />
  )
}

/** The tables of public without row-level security, and those with it but not a single policy. */
function RlsNotes({ projectRef, policies }: { projectRef: string; policies: readonly PgPolicy[] }) {
  const tables = useTablesQuery({ ref: projectRef, includeColumns: false, includedSchemas: [RLS_SCHEMA] })
  if (tables.isPending) return <Skeleton className="h-12 w-full" />
  if (tables.isError) {
    return (
      <ErrorState
        title={LOAD_TABLES_ERROR_TITLE}
        error={tables.error}
        onRetry={() => void tables.refetch()}
        retrying={tables.isFetching}
      />
    )
  }
  const withoutRls = tablesWithoutRls(tables.data)
  const unreachable = rlsTablesWithoutPolicies(tables.data, policies)
  return (
    <div className="space-y-3">
      {withoutRls.length > 0 ? (
        <Alert tone="warning" title={RLS_DISABLED_TITLE(withoutRls.length)} data-testid="rls-disabled-tables">
          <p>{RLS_DISABLED_NOTE}</p>
          <ul className="mt-2 space-y-1">
            {withoutRls.map((name) => (
              <li key={name} className="font-mono text-xs" data-testid={`rls-disabled-${name}`}>
                {ENABLE_RLS_SQL(name)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : (
        tables.data.length > 0 && <p className="text-sm text-neutral-600">{ALL_TABLES_RLS_ENABLED}</p>
      )}
      {unreachable.map((table) => (
        <p key={table.id} className="text-sm text-neutral-600" data-testid={`rls-no-policy-${table.name}`}>
          <span className="font-mono text-neutral-900">
            {table.schema}.{table.name}
          </span>
          : {RLS_ON_NO_POLICY_NOTE}
        </p>
      ))}
    </div>
  )
}

/** The project's row-level security policies, grouped by table. */
export function AuthPolicies({ projectRef }: { projectRef: string }) {
  const policies = usePoliciesQuery({ ref: projectRef })
  const groups = policies.data ? groupPoliciesByTable(policies.data) : []

  return (
    <Section
      titleId="policies-title"
      title={POLICIES_TITLE}
      description={POLICIES_DESCRIPTION}
      data-testid="auth-policies"
    >
      {policies.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : policies.isError ? (
        <ErrorState
          title={LOAD_POLICIES_ERROR_TITLE}
          error={policies.error}
          onRetry={() => void policies.refetch()}
          retrying={policies.isFetching}
        />
      ) : (
        <>
          {groups.length === 0 ? (
            <p
              className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600"
              data-testid="no-policies"
            >
              {NO_POLICIES_MESSAGE} {CREATE_POLICY_HINT}{' '}
              <Link to={`/project/${projectRef}/sql`} className={linkClassName}>
                {SQL_EDITOR_LINK}
              </Link>
              .
            </p>
          ) : (
            <ul className="space-y-3">
              {groups.map((group) => (
                <li
                  key={group.tableId}
                  className="rounded-lg border border-neutral-200 bg-white px-4 py-3 shadow-xs"
                  data-testid={`policy-table-${group.schema}.${group.table}`}
                >
                  <div className="mb-2 flex items-baseline justify-between gap-3">
                    <h3 className="font-mono text-sm font-medium text-neutral-900">
                      {group.schema}.{group.table}
                    </h3>
                    <span className="text-xs text-neutral-500">{POLICY_COUNT(group.policies.length)}</span>
                  </div>
                  <PolicyTable policies={group.policies} />
                </li>
              ))}
            </ul>
          )}
          <RlsNotes projectRef={projectRef} policies={policies.data} />
        </>
      )}
    </Section>
  )
}
