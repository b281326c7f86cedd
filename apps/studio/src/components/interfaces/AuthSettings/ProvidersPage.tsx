import { OAUTH_PROVIDERS, PASSWORD_REQUIRED_CHARACTERS } from '@pgfleet/contracts'
import { useParams } from 'react-router'
import { Alert } from '../../ui/Alert'
import { Select } from '../../ui/Select'
import { AuthSettingsPage } from './AuthSettingsPage'
import {
  ALLOW_SIGNUPS_DESCRIPTION,
  ALLOW_SIGNUPS_LABEL,
  ANONYMOUS_ENABLED_DESCRIPTION,
  ANONYMOUS_ENABLED_LABEL,
  ANONYMOUS_TITLE,
  CONFIRM_EMAIL_DESCRIPTION,
  CONFIRM_EMAIL_LABEL,
  CONFIRM_PHONE_DESCRIPTION,
  CONFIRM_PHONE_LABEL,
  EMAIL_ENABLED_DESCRIPTION,
  EMAIL_ENABLED_LABEL,
  EMAIL_OTP_EXPIRY_LABEL,
  EMAIL_OTP_LENGTH_LABEL,
  EMAIL_TITLE,
  GENERAL_TITLE,
  PASSWORD_CHARACTER_CHOICES,
  PASSWORD_CHARACTERS_LABEL,
  PASSWORD_MIN_LENGTH_DESCRIPTION,
  PASSWORD_MIN_LENGTH_LABEL,
  PASSWORD_TITLE,
  PHONE_ENABLED_LABEL,
  PHONE_NOTE,
  PHONE_TITLE,
  PROVIDERS_DESCRIPTION,
  PROVIDERS_TITLE,
  SECONDS,
  SECURE_EMAIL_CHANGE_DESCRIPTION,
  SECURE_EMAIL_CHANGE_LABEL,
  SMS_OTP_EXPIRY_LABEL,
  SMS_OTP_LENGTH_LABEL,
  SMS_TEST_OTP_DESCRIPTION,
  SMS_TEST_OTP_LABEL,
} from './auth-settings.constants'
import { OAuthProviders } from './OAuthProviders'
import { SettingNumber, SettingSwitch, SettingsCard, SettingText } from './SettingFields'
import { useAuthSettingsForm } from './use-auth-settings-form'

const NUMBER_LABELS = {
  mailer_otp_exp: EMAIL_OTP_EXPIRY_LABEL,
  mailer_otp_length: EMAIL_OTP_LENGTH_LABEL,
  password_min_length: PASSWORD_MIN_LENGTH_LABEL,
  sms_otp_exp: SMS_OTP_EXPIRY_LABEL,
  sms_otp_length: SMS_OTP_LENGTH_LABEL,
}

const CHARACTER_OPTIONS = PASSWORD_REQUIRED_CHARACTERS.map((value, index) => ({
  value,
  label: PASSWORD_CHARACTER_CHOICES[index] ?? value,
}))

/** /project/{ref}/auth/providers: email, phone, anonymous and OAuth sign-in, and the password rules. */
export function ProvidersPage() {
  const { ref = '' } = useParams()
  const form = useAuthSettingsForm(ref, NUMBER_LABELS)
  return (
    <AuthSettingsPage
      title={PROVIDERS_TITLE}
      description={PROVIDERS_DESCRIPTION}
      form={form}
      data-testid="auth-providers-page"
    >
      {() => (
        <>
          <SettingsCard title={GENERAL_TITLE}>
            <SettingSwitch
              form={form}
              field="disable_signup"
              inverted
              label={ALLOW_SIGNUPS_LABEL}
              description={ALLOW_SIGNUPS_DESCRIPTION}
              data-testid="setting-allow-signups"
            />
          </SettingsCard>
          <SettingsCard title={EMAIL_TITLE} data-testid="provider-email">
            <SettingSwitch
              form={form}
              field="external_email_enabled"
              label={EMAIL_ENABLED_LABEL}
              description={EMAIL_ENABLED_DESCRIPTION}
              data-testid="setting-email-enabled"
            />
            <SettingSwitch
              form={form}
              field="mailer_autoconfirm"
              inverted
              label={CONFIRM_EMAIL_LABEL}
              description={CONFIRM_EMAIL_DESCRIPTION}
              data-testid="setting-confirm-email"
            />
            <SettingSwitch
              form={form}
              field="mailer_secure_email_change_enabled"
              label={SECURE_EMAIL_CHANGE_LABEL}
              description={SECURE_EMAIL_CHANGE_DESCRIPTION}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SettingNumber form={form} field="mailer_otp_exp" label={EMAIL_OTP_EXPIRY_LABEL} description={SECONDS} />
              <SettingNumber form={form} field="mailer_otp_length" label={EMAIL_OTP_LENGTH_LABEL} />
            </div>
          </SettingsCard>
          <SettingsCard title={PASSWORD_TITLE}>
            <div className="grid gap-4 sm:grid-cols-2">
              <SettingNumber
                form={form}
                field="password_min_length"
                label={PASSWORD_MIN_LENGTH_LABEL}
                description={PASSWORD_MIN_LENGTH_DESCRIPTION}
                data-testid="setting-password-min-length"
              />
              <Select
                label={PASSWORD_CHARACTERS_LABEL}
                options={CHARACTER_OPTIONS}
                value={String(form.value('password_required_characters') ?? '')}
                onChange={(event) => form.set('password_required_characters', event.target.value)}
                data-testid="setting-password-characters"
              />
            </div>
          </SettingsCard>
          <SettingsCard title={PHONE_TITLE} data-testid="provider-phone">
            <Alert tone="info">{PHONE_NOTE}</Alert>
            <SettingSwitch
              form={form}
              field="external_phone_enabled"
              label={PHONE_ENABLED_LABEL}
              data-testid="setting-phone-enabled"
            />
            <SettingSwitch
              form={form}
              field="sms_autoconfirm"
              inverted
              label={CONFIRM_PHONE_LABEL}
              description={CONFIRM_PHONE_DESCRIPTION}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SettingNumber form={form} field="sms_otp_exp" label={SMS_OTP_EXPIRY_LABEL} description={SECONDS} />
              <SettingNumber form={form} field="sms_otp_length" label={SMS_OTP_LENGTH_LABEL} />
            </div>
            <SettingText
              form={form}
              field="sms_test_otp"
              label={SMS_TEST_OTP_LABEL}
              description={SMS_TEST_OTP_DESCRIPTION}
            />
          </SettingsCard>
          <SettingsCard title={ANONYMOUS_TITLE}>
            <SettingSwitch
              form={form}
              field="external_anonymous_users_enabled"
              label={ANONYMOUS_ENABLED_LABEL}
              description={ANONYMOUS_ENABLED_DESCRIPTION}
              data-testid="setting-anonymous-enabled"
            />
          </SettingsCard>
          <OAuthProviders projectRef={ref} form={form} providers={OAUTH_PROVIDERS} />
        </>
      )}
    </AuthSettingsPage>
  )
}
