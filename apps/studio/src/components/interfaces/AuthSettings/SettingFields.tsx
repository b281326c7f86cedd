import type { ReactNode } from 'react'
import { Input } from '../../ui/Input'
import { Switch } from '../../ui/Switch'
import { numberDraft } from './auth-settings.utils'
import type { AuthField, AuthSettingsForm } from './use-auth-settings-form'

/** A titled group of settings. */
export function SettingsCard({
  title,
  description,
  children,
  'data-testid': testId,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  'data-testid'?: string
}) {
  const titleId = `settings-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-lg border border-neutral-200 bg-white px-5 py-4 shadow-xs"
      data-testid={testId}
    >
      <div>
        <h2 id={titleId} className="text-base font-semibold text-neutral-900">
          {title}
        </h2>
        {description && <div className="mt-1 text-sm text-neutral-600">{description}</div>}
      </div>
      {children}
    </section>
  )
}

/** An on/off setting; `inverted` shows a switch that is on when the stored value is false. */
export function SettingSwitch({
  form,
  field,
  label,
  description,
  inverted = false,
  'data-testid': testId,
}: {
  form: AuthSettingsForm
  field: AuthField
  label: string
  description?: string
  inverted?: boolean
  'data-testid'?: string
}) {
  const stored = form.value(field) === true
  return (
    <div className="flex items-start justify-between gap-6">
      <div className="text-sm">
        <p className="font-medium text-neutral-800">{label}</p>
        {description && <p className="text-neutral-500">{description}</p>}
      </div>
      <Switch
        label={label}
        checked={inverted ? !stored : stored}
        onCheckedChange={(checked) => form.set(field, inverted ? !checked : checked)}
        data-testid={testId}
      />
    </div>
  )
}

/** A whole-number setting, edited as text (a non-number is named on save). */
export function SettingNumber({
  form,
  field,
  label,
  description,
  'data-testid': testId,
}: {
  form: AuthSettingsForm
  field: AuthField
  label: string
  description?: string
  'data-testid'?: string
}) {
  const value = form.value(field)
  return (
    <Input
      label={label}
      description={description}
      inputMode="numeric"
      autoComplete="off"
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => form.set(field, numberDraft(event.target.value))}
      fieldClassName="max-w-xs"
      data-testid={testId}
    />
  )
}

/** A text setting; an emptied optional field is stored as null (the default). */
export function SettingText({
  form,
  field,
  label,
  description,
  type = 'text',
  placeholder,
  nullable = true,
  'data-testid': testId,
}: {
  form: AuthSettingsForm
  field: AuthField
  label: string
  description?: string
  type?: 'text' | 'password' | 'url' | 'email'
  placeholder?: string
  nullable?: boolean
  'data-testid'?: string
}) {
  const value = form.value(field)
  return (
    <Input
      label={label}
      description={description}
      type={type}
      placeholder={placeholder}
      autoComplete="off"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => form.set(field, nullable && event.target.value === '' ? null : event.target.value)}
      data-testid={testId}
    />
  )
}
