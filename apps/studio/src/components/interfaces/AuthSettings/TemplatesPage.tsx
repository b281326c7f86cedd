import type { AuthEmailKind } from '@pgfleet/contracts'
import { useState } from 'react'
import { useParams } from 'react-router'
import { cn } from '../../../lib/cn'
import { Textarea } from '../../ui/Textarea'
import { AuthSettingsPage } from './AuthSettingsPage'
import {
  BODY_LABEL,
  DEFAULT_PLACEHOLDER,
  SECONDS,
  SMTP_DESCRIPTION,
  SMTP_FIELDS,
  SMTP_MAX_FREQUENCY_LABEL,
  SMTP_TITLE,
  SUBJECT_LABEL,
  TEMPLATE_KIND_LABEL,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLES_NOTE,
  TEMPLATES_DESCRIPTION,
  TEMPLATES_TITLE,
} from './auth-settings.constants'
import { SettingNumber, SettingsCard, SettingText } from './SettingFields'
import { TemplatePreview } from './TemplatePreview'
import { type AuthField, useAuthSettingsForm } from './use-auth-settings-form'

const NUMBER_LABELS = { smtp_max_frequency: SMTP_MAX_FREQUENCY_LABEL }

/** /project/{ref}/auth/templates: each email's subject and body with a preview, and the SMTP server that sends them. */
export function TemplatesPage() {
  const { ref = '' } = useParams()
  const form = useAuthSettingsForm(ref, NUMBER_LABELS)
  const [kind, setKind] = useState<AuthEmailKind>('confirmation')
  const subjectField = `mailer_subjects_${kind}` as AuthField
  const bodyField = `mailer_templates_${kind}_content` as AuthField
  const body = form.value(bodyField)
  return (
    <AuthSettingsPage
      title={TEMPLATES_TITLE}
      description={TEMPLATES_DESCRIPTION}
      form={form}
      data-testid="auth-templates-page"
    >
      {() => (
        <>
          <SettingsCard title={TEMPLATE_KIND_LABEL} description={TEMPLATE_VARIABLES_NOTE}>
            <div role="tablist" aria-label={TEMPLATE_KIND_LABEL} className="flex flex-wrap gap-1">
              {TEMPLATE_KINDS.map((entry) => (
                <button
                  key={entry.kind}
                  type="button"
                  role="tab"
                  aria-selected={entry.kind === kind}
                  onClick={() => setKind(entry.kind)}
                  className={cn(
                    'rounded-md px-3 py-1.5 text-sm',
                    entry.kind === kind
                      ? 'bg-neutral-900 font-medium text-white'
                      : 'text-neutral-700 hover:bg-neutral-100',
                  )}
                  data-testid={`template-kind-${entry.kind}`}
                >
                  {entry.label}
                </button>
              ))}
            </div>
            <div className="space-y-4" role="tabpanel">
              <SettingText
                key={subjectField}
                form={form}
                field={subjectField}
                label={SUBJECT_LABEL}
                placeholder={DEFAULT_PLACEHOLDER}
                data-testid="template-subject"
              />
              <div className="grid gap-4 lg:grid-cols-2">
                <Textarea
                  key={bodyField}
                  label={BODY_LABEL}
                  placeholder={DEFAULT_PLACEHOLDER}
                  rows={14}
                  spellCheck={false}
                  className="font-mono text-xs"
                  value={typeof body === 'string' ? body : ''}
                  onChange={(event) => form.set(bodyField, event.target.value === '' ? null : event.target.value)}
                  data-testid="template-body"
                />
                <TemplatePreview template={typeof body === 'string' ? body : ''} />
              </div>
            </div>
          </SettingsCard>
          <SettingsCard title={SMTP_TITLE} description={SMTP_DESCRIPTION} data-testid="smtp-settings">
            <div className="grid gap-4 sm:grid-cols-2">
              {(Object.keys(SMTP_FIELDS) as (keyof typeof SMTP_FIELDS)[]).map((field) => (
                <SettingText
                  key={field}
                  form={form}
                  field={field}
                  type={field === 'smtp_pass' ? 'password' : 'text'}
                  label={SMTP_FIELDS[field]}
                  data-testid={`setting-${field}`}
                />
              ))}
              <SettingNumber
                form={form}
                field="smtp_max_frequency"
                label={SMTP_MAX_FREQUENCY_LABEL}
                description={SECONDS}
              />
            </div>
          </SettingsCard>
        </>
      )}
    </AuthSettingsPage>
  )
}
