import { useParams } from 'react-router'
import { AuthSettingsPage } from './AuthSettingsPage'
import {
  REDIRECT_URLS_DESCRIPTION,
  REDIRECT_URLS_TITLE,
  SITE_URL_DESCRIPTION,
  SITE_URL_LABEL,
  URL_CONFIG_DESCRIPTION,
  URL_CONFIG_TITLE,
} from './auth-settings.constants'
import { RedirectUrlsEditor } from './RedirectUrlsEditor'
import { SettingsCard, SettingText } from './SettingFields'
import { useAuthSettingsForm } from './use-auth-settings-form'

/** /project/{ref}/auth/url-configuration: the site URL and the redirect allow list. */
export function UrlConfigurationPage() {
  const { ref = '' } = useParams()
  const form = useAuthSettingsForm(ref)
  return (
    <AuthSettingsPage
      title={URL_CONFIG_TITLE}
      description={URL_CONFIG_DESCRIPTION}
      form={form}
      data-testid="auth-url-configuration-page"
    >
      {() => (
        <>
          <SettingsCard title={SITE_URL_LABEL}>
            <SettingText
              form={form}
              field="site_url"
              type="url"
              nullable={false}
              label={SITE_URL_LABEL}
              description={SITE_URL_DESCRIPTION}
              data-testid="setting-site-url"
            />
          </SettingsCard>
          <SettingsCard title={REDIRECT_URLS_TITLE} description={REDIRECT_URLS_DESCRIPTION}>
            <RedirectUrlsEditor
              value={String(form.value('uri_allow_list') ?? '')}
              onChange={(text) => form.set('uri_allow_list', text)}
              disabled={!form.canUpdate}
            />
          </SettingsCard>
        </>
      )}
    </AuthSettingsPage>
  )
}
