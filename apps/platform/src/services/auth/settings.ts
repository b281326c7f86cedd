import type { ProjectAuthConfig } from '@pgfleet/contracts'

/** `GET /settings`: which sign-in methods the project offers, as GoTrue describes them. */
export function settingsOf(config: ProjectAuthConfig) {
  return {
    external: {
      anonymous_users: config.external_anonymous_users_enabled,
      email: config.external_email_enabled,
      phone: config.external_phone_enabled,
      github: config.external_github_enabled,
      google: config.external_google_enabled,
      gitlab: config.external_gitlab_enabled,
      azure: config.external_azure_enabled,
      oidc: config.external_oidc_enabled,
      apple: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      kakao: false,
      keycloak: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: config.disable_signup,
    mailer_autoconfirm: config.mailer_autoconfirm,
    phone_autoconfirm: config.sms_autoconfirm,
    sms_provider: '',
    saml_enabled: false,
  }
}
