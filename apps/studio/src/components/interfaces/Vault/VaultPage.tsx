import { Link, useParams } from 'react-router'
import { useExtensionsQuery } from '../../../data/pg-meta/extensions-query'
import { Alert } from '../../ui/Alert'
import { Badge } from '../../ui/Badge'
import { CodeBlock } from '../../ui/CodeBlock'
import { DataTable } from '../../ui/DataTable'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import {
  AVAILABILITY_LABELS,
  ENABLE_PGCRYPTO_SQL,
  ENABLE_VAULT_SQL,
  EXTENSION_HEADERS,
  EXTENSIONS_TITLE,
  LOAD_EXTENSIONS_ERROR_TITLE,
  NO_ALTERNATIVE_TEXT,
  PGCRYPTO_ALTERNATIVE_TEXT,
  PGCRYPTO_EXAMPLE_SQL,
  SQL_EDITOR_LINK,
  VAULT_AVAILABLE_TEXT,
  VAULT_AVAILABLE_TITLE,
  VAULT_DESCRIPTION,
  VAULT_INSTALLED_SQL,
  VAULT_INSTALLED_TEXT,
  VAULT_INSTALLED_TITLE,
  VAULT_RELATED_EXTENSIONS,
  VAULT_TITLE,
  VAULT_UNAVAILABLE_TEXT,
  VAULT_UNAVAILABLE_TITLE,
} from './vault.constants'
import { type ExtensionAvailability, extensionAvailability, type VaultState, vaultState } from './vault.utils'

function SqlEditorLink({ projectRef }: { projectRef: string }) {
  return (
    <Link to={`/project/${projectRef}/sql`} className="font-medium text-emerald-700 hover:underline">
      {SQL_EDITOR_LINK}
    </Link>
  )
}

function AvailabilityBadge({ availability }: { availability: ExtensionAvailability }) {
  if (availability.status === 'installed') {
    return <Badge tone="success">{AVAILABILITY_LABELS.installed(availability.version)}</Badge>
  }
  if (availability.status === 'available') return <Badge tone="info">{AVAILABILITY_LABELS.available}</Badge>
  return <Badge>{AVAILABILITY_LABELS.unavailable}</Badge>
}

/** What the project can do about secrets: use Vault, enable it, or fall back to pgcrypto. */
function VaultStatus({ projectRef, state }: { projectRef: string; state: VaultState }) {
  const { vault, pgcrypto } = state
  if (vault.status === 'installed') {
    return (
      <Alert tone="success" title={VAULT_INSTALLED_TITLE(vault.version)} data-testid="vault-status">
        <p>
          {VAULT_INSTALLED_TEXT} <SqlEditorLink projectRef={projectRef} />:
        </p>
        <CodeBlock value={VAULT_INSTALLED_SQL} className="mt-2" />
      </Alert>
    )
  }
  if (vault.status === 'available') {
    return (
      <Alert tone="info" title={VAULT_AVAILABLE_TITLE} data-testid="vault-status">
        <p>
          {VAULT_AVAILABLE_TEXT} <SqlEditorLink projectRef={projectRef} />:
        </p>
        <CodeBlock value={ENABLE_VAULT_SQL} className="mt-2" data-testid="enable-vault-sql" />
      </Alert>
    )
  }
  return (
    <div
      className="space-y-3 rounded-lg border border-dashed border-neutral-300 bg-white px-4 py-5"
      data-testid="vault-status"
    >
      <p className="font-medium text-neutral-900">{VAULT_UNAVAILABLE_TITLE}</p>
      <p className="text-sm text-neutral-600">{VAULT_UNAVAILABLE_TEXT}</p>
      {pgcrypto.status === 'unavailable' ? (
        <p className="text-sm text-neutral-600">{NO_ALTERNATIVE_TEXT}</p>
      ) : (
        <div className="space-y-2 text-sm text-neutral-600" data-testid="pgcrypto-alternative">
          <p>
            {PGCRYPTO_ALTERNATIVE_TEXT} (<SqlEditorLink projectRef={projectRef} />)
          </p>
          <CodeBlock
            value={
              pgcrypto.status === 'installed' ? PGCRYPTO_EXAMPLE_SQL : `${ENABLE_PGCRYPTO_SQL}\n${PGCRYPTO_EXAMPLE_SQL}`
            }
          />
        </div>
      )}
    </div>
  )
}

/** /project/{ref}/vault: whether this project's server can keep secrets in Vault, and what to do either way. */
export function VaultPage() {
  const { ref = '' } = useParams()
  const extensions = useExtensionsQuery({ ref })

  return (
    <PageContainer className="space-y-6" data-testid="vault-page">
      <div>
        <h1 className="text-xl font-semibold text-neutral-900">{VAULT_TITLE}</h1>
        <p className="mt-1 text-sm text-neutral-600">{VAULT_DESCRIPTION}</p>
      </div>
      {extensions.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : extensions.isError ? (
        <ErrorState
          title={LOAD_EXTENSIONS_ERROR_TITLE}
          error={extensions.error}
          onRetry={() => void extensions.refetch()}
          retrying={extensions.isFetching}
        />
      ) : (
        <>
          <VaultStatus projectRef={ref} state={vaultState(extensions.data)} />
          <section aria-labelledby="vault-extensions-title" className="space-y-3">
            <h2 id="vault-extensions-title" className="text-base font-semibold text-neutral-900">
              {EXTENSIONS_TITLE}
            </h2>
            <DataTable
              className="rounded-lg border border-neutral-200 bg-white px-4 shadow-xs"
              headers={EXTENSION_HEADERS}
              rows={VAULT_RELATED_EXTENSIONS}
              rowKey={({ name }) => name}
              rowTestId={({ name }) => `extension-${name}`}
              cells={({ name, purpose }) => (
                <>
                  <td className="py-2 pr-4 font-mono text-neutral-900">{name}</td>
                  <td className="py-2 pr-4 text-neutral-700">{purpose}</td>
                  <td className="py-2 pr-4">
                    <AvailabilityBadge availability={extensionAvailability(extensions.data, name)} />
                  </td>
                </>
              )}
            />
          </section>
        </>
      )}
    </PageContainer>
  )
}
