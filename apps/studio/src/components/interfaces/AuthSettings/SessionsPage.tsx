import { useParams } from 'react-router'
import { AuthSettingsPage } from './AuthSettingsPage'
import {
  JWT_EXP_DESCRIPTION,
  JWT_EXP_LABEL,
  REAUTH_DESCRIPTION,
  REAUTH_LABEL,
  REUSE_INTERVAL_DESCRIPTION,
  REUSE_INTERVAL_LABEL,
  ROTATION_DESCRIPTION,
  ROTATION_LABEL,
  SESSIONS_DESCRIPTION,
  SESSIONS_TITLE,
} from './auth-settings.constants'
import { SettingNumber, SettingSwitch, SettingsCard } from './SettingFields'
import { useAuthSettingsForm } from './use-auth-settings-form'

const NUMBER_LABELS = { jwt_exp: JWT_EXP_LABEL, security_refresh_token_reuse_interval: REUSE_INTERVAL_LABEL }

/** /project/{ref}/auth/sessions: access token lifetime and refresh token rotation. */
export function SessionsPage() {
  const { ref = '' } = useParams()
  const form = useAuthSettingsForm(ref, NUMBER_LABELS)
  return (
    <AuthSettingsPage
      title={SESSIONS_TITLE}
      description={SESSIONS_DESCRIPTION}
      form={form}
      data-testid="auth-sessions-page"
    >
      {() => (
        <SettingsCard title={SESSIONS_TITLE}>
          <SettingNumber
            form={form}
            field="jwt_exp"
            label={JWT_EXP_LABEL}
            description={JWT_EXP_DESCRIPTION}
            data-testid="setting-jwt-exp"
          />
          <SettingSwitch
            form={form}
            field="refresh_token_rotation_enabled"
            label={ROTATION_LABEL}
            description={ROTATION_DESCRIPTION}
            data-testid="setting-refresh-rotation"
          />
          <SettingNumber
            form={form}
            field="security_refresh_token_reuse_interval"
            label={REUSE_INTERVAL_LABEL}
            description={REUSE_INTERVAL_DESCRIPTION}
            data-testid="setting-reuse-interval"
          />
          <SettingSwitch
            form={form}
            field="security_update_password_require_reauthentication"
            label={REAUTH_LABEL}
            description={REAUTH_DESCRIPTION}
          />
        </SettingsCard>
      )}
    </AuthSettingsPage>
  )
}
