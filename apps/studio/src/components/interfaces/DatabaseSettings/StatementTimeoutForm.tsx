import { useState } from 'react'
import { toast } from 'sonner'
import { useSqlSettingsQuery } from '../../../data/config/sql-settings-query'
import { useSqlSettingsUpdateMutation } from '../../../data/config/sql-settings-update-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'
import { Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import { RETRY_LABEL } from '../../ui/ui.constants'
import {
  STATEMENT_TIMEOUT_DENIED_TOOLTIP,
  STATEMENT_TIMEOUT_DESCRIPTION,
  STATEMENT_TIMEOUT_HINT,
  STATEMENT_TIMEOUT_LABEL,
  STATEMENT_TIMEOUT_LOAD_FAILED,
  STATEMENT_TIMEOUT_SAVE_FAILED,
  STATEMENT_TIMEOUT_SAVE_LABEL,
  STATEMENT_TIMEOUT_SAVED,
  STATEMENT_TIMEOUT_TITLE,
} from './database-settings.constants'
import { parseStatementTimeout } from './database-settings.utils'

/** The project's statement timeout (GET/PATCH /platform/projects/{ref}/settings/sql); saving needs update on projects. */
export function StatementTimeoutForm({ projectRef, canUpdate }: { projectRef: string; canUpdate: boolean }) {
  const settings = useSqlSettingsQuery({ ref: projectRef })
  // undefined until edited: the field shows the stored value, and again after a save
  const [draft, setDraft] = useState<string>()
  const [error, setError] = useState<string>()
  const update = useSqlSettingsUpdateMutation({
    onSuccess: ({ statement_timeout_ms }) => {
      setDraft(undefined)
      toast.success(STATEMENT_TIMEOUT_SAVED(statement_timeout_ms))
    },
    onError: (err) => toast.error(STATEMENT_TIMEOUT_SAVE_FAILED(getErrorMessage(err))),
  })

  const stored = settings.data?.statement_timeout_ms
  const value = draft ?? (stored === undefined ? '' : String(stored))
  const changed = draft !== undefined && draft.trim() !== String(stored)

  const save = () => {
    const parsed = parseStatementTimeout(value)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    setError(undefined)
    update.mutate({ ref: projectRef, statement_timeout_ms: parsed.ms })
  }

  return (
    <section aria-labelledby="statement-timeout-title" className="space-y-3" data-testid="statement-timeout-section">
      <h2 id="statement-timeout-title" className="text-base font-semibold text-neutral-900">
        {STATEMENT_TIMEOUT_TITLE}
      </h2>
      <p className="text-sm text-neutral-600">{STATEMENT_TIMEOUT_DESCRIPTION}</p>
      <div className="rounded-lg border border-neutral-200 bg-white px-4 py-4 shadow-xs">
        {settings.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : settings.isError ? (
          <Alert tone="error" title={STATEMENT_TIMEOUT_LOAD_FAILED}>
            <p>{getErrorMessage(settings.error)}</p>
            <Button size="sm" className="mt-2" loading={settings.isFetching} onClick={() => void settings.refetch()}>
              {RETRY_LABEL}
            </Button>
          </Alert>
        ) : (
          <form
            className="flex flex-wrap items-start gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              save()
            }}
          >
            <Input
              label={STATEMENT_TIMEOUT_LABEL}
              description={STATEMENT_TIMEOUT_HINT}
              inputMode="numeric"
              autoComplete="off"
              value={value}
              error={error}
              disabled={!canUpdate}
              onChange={(event) => {
                setDraft(event.target.value)
                setError(undefined)
              }}
              fieldClassName="w-72"
              data-testid="statement-timeout-input"
            />
            <div className="pt-6">
              <Tooltip content={canUpdate ? undefined : STATEMENT_TIMEOUT_DENIED_TOOLTIP} wrapDisabled>
                <Button
                  type="submit"
                  variant="primary"
                  disabled={!canUpdate || !changed}
                  loading={update.isPending}
                  data-testid="statement-timeout-save"
                >
                  {STATEMENT_TIMEOUT_SAVE_LABEL}
                </Button>
              </Tooltip>
            </div>
          </form>
        )}
      </div>
    </section>
  )
}
