import { useParams } from 'react-router'
import { AuthSettingsPage } from './AuthSettingsPage'
import { RATE_LIMIT_FIELDS, RATE_LIMITS_DESCRIPTION, RATE_LIMITS_TITLE } from './auth-settings.constants'
import { SettingNumber, SettingsCard } from './SettingFields'
import { useAuthSettingsForm } from './use-auth-settings-form'

const NUMBER_LABELS = Object.fromEntries(RATE_LIMIT_FIELDS.map(({ field, label }) => [field, label]))

/** /project/{ref}/auth/rate-limits: the auth server's request limits. */
export function RateLimitsPage() {
  const { ref = '' } = useParams()
  const form = useAuthSettingsForm(ref, NUMBER_LABELS)
  return (
    <AuthSettingsPage
      title={RATE_LIMITS_TITLE}
      description={RATE_LIMITS_DESCRIPTION}
      form={form}
      data-testid="auth-rate-limits-page"
    >
      {() => (
        <SettingsCard title={RATE_LIMITS_TITLE}>
          <div className="grid gap-4 sm:grid-cols-2">
            {RATE_LIMIT_FIELDS.map(({ field, label, unit }) => (
              <SettingNumber
                key={field}
                form={form}
                field={field}
                label={label}
                description={unit}
                data-testid={`setting-${field}`}
              />
            ))}
          </div>
        </SettingsCard>
      )}
    </AuthSettingsPage>
  )
}
