import { AUTH_SECRET_MASK, type OAuthProviderName } from '@pgfleet/contracts'
import { useProjectSettingsQuery } from '../../../data/config/project-settings-query'
import { CodeBlock } from '../../ui/CodeBlock'
import { Skeleton } from '../../ui/Skeleton'
import { projectUrlOf } from '../ApiSettings/api-settings.utils'
import {
  CALLBACK_URL_LABEL,
  CLIENT_ID_LABEL,
  CLIENT_SECRET_LABEL,
  OAUTH_DESCRIPTION,
  OAUTH_PROVIDER_DETAILS,
  OAUTH_TITLE,
  PROVIDER_ENABLED_LABEL,
  SECRET_KEPT_HINT,
} from './auth-settings.constants'
import { callbackUrlOf } from './auth-settings.utils'
import { SettingSwitch, SettingsCard, SettingText } from './SettingFields'
import type { AuthField, AuthSettingsForm } from './use-auth-settings-form'

/** GitHub, Google, GitLab, Azure and OpenID Connect: a switch, the app's credentials, and the callback to give. */
export function OAuthProviders({
  projectRef,
  form,
  providers,
}: {
  projectRef: string
  form: AuthSettingsForm
  providers: readonly OAuthProviderName[]
}) {
  const settings = useProjectSettingsQuery({ ref: projectRef })
  const callbackUrl = settings.data ? callbackUrlOf(projectUrlOf(settings.data.app_config)) : null
  return (
    <SettingsCard
      title={OAUTH_TITLE}
      data-testid="oauth-providers"
      description={
        <div className="space-y-2">
          <p>{OAUTH_DESCRIPTION}</p>
          {callbackUrl ? (
            <CodeBlock value={callbackUrl} label={CALLBACK_URL_LABEL} data-testid="oauth-callback-url" />
          ) : (
            <Skeleton className="h-9 w-full" />
          )}
        </div>
      }
    >
      <div className="divide-y divide-neutral-200">
        {providers.map((provider) => {
          const details = OAUTH_PROVIDER_DETAILS[provider]
          const field = (suffix: string) => `external_${provider}_${suffix}` as AuthField
          const enabled = form.value(field('enabled')) === true
          return (
            <div key={provider} className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid={`provider-${provider}`}>
              <SettingSwitch
                form={form}
                field={field('enabled')}
                label={PROVIDER_ENABLED_LABEL(details.name)}
                data-testid={`setting-${provider}-enabled`}
              />
              {enabled && (
                <div className="grid gap-4 sm:grid-cols-2">
                  <SettingText
                    form={form}
                    field={field('client_id')}
                    label={CLIENT_ID_LABEL}
                    data-testid={`setting-${provider}-client-id`}
                  />
                  <SettingText
                    form={form}
                    field={field('secret')}
                    type="password"
                    label={CLIENT_SECRET_LABEL}
                    description={form.value(field('secret')) === AUTH_SECRET_MASK ? SECRET_KEPT_HINT : undefined}
                    data-testid={`setting-${provider}-secret`}
                  />
                  {details.urlLabel && (
                    <SettingText
                      form={form}
                      field={field('url')}
                      type="url"
                      label={details.urlLabel}
                      description={details.urlDescription}
                      data-testid={`setting-${provider}-url`}
                    />
                  )}
                </div>
              )}
            </div>
          )
        })}
      </div>
    </SettingsCard>
  )
}
