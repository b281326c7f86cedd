import type { ReactNode } from 'react'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import {
  LOAD_FAILED,
  READ_ONLY_REASON,
  RESET_LABEL,
  SAVE_FAILED_TITLE,
  SAVE_LABEL,
  SAVING_LABEL,
  UNSAVED_NOTE,
} from './auth-settings.constants'
import type { AuthSettingsForm } from './use-auth-settings-form'

/** The frame of every auth settings page: title, the read-only reason, the loaded form and its save bar. */
export function AuthSettingsPage({
  title,
  description,
  form,
  children,
  'data-testid': testId,
}: {
  title: string
  description: string
  form: AuthSettingsForm
  /** the page's fields, drawn once the settings are loaded */
  children: () => ReactNode
  'data-testid': string
}) {
  const { config } = form
  return (
    <PageContainer className="space-y-6" data-testid={testId}>
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
        <p className="max-w-2xl text-sm text-neutral-600">{description}</p>
      </div>
      {form.readOnly && (
        <Alert tone="info" data-testid="auth-settings-read-only">
          {READ_ONLY_REASON}
        </Alert>
      )}
      {config.isPending ? (
        <Skeleton className="h-80 w-full" />
      ) : config.isError ? (
        <ErrorState
          title={LOAD_FAILED}
          error={config.error}
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      ) : (
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault()
            form.save()
          }}
        >
          {/* a read-only member's controls are all disabled, with the reason above */}
          <fieldset disabled={!form.canUpdate || form.saving} className="space-y-6">
            {children()}
          </fieldset>
          {form.error && (
            <Alert tone="error" title={SAVE_FAILED_TITLE} data-testid="auth-settings-error">
              {form.error}
            </Alert>
          )}
          {form.canUpdate && (
            <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-neutral-200 bg-white/95 py-3">
              {form.dirty && <span className="mr-auto text-sm text-neutral-600">{UNSAVED_NOTE}</span>}
              <Button onClick={form.discard} disabled={!form.dirty || form.saving} data-testid="auth-settings-discard">
                {RESET_LABEL}
              </Button>
              <Button
                type="submit"
                variant="primary"
                disabled={!form.dirty}
                loading={form.saving}
                data-testid="auth-settings-save"
              >
                {form.saving ? SAVING_LABEL : SAVE_LABEL}
              </Button>
            </div>
          )}
        </form>
      )}
    </PageContainer>
  )
}
