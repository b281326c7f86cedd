export const CUSTOM_DOMAIN_TITLE = 'Custom domain'
export const CUSTOM_DOMAIN_DESCRIPTION =
  "Serve the project's APIs from a domain of your own, such as api.example.com, instead of the platform's URL."
export const CUSTOM_DOMAIN_NOT_ALLOWED_TEXT = 'Custom domains are available on paid plans.'
export const CUSTOM_DOMAIN_UPGRADE_LINK = 'Change subscription plan'
export const CUSTOM_DOMAIN_INPUT_LABEL = 'Custom domain'
export const CUSTOM_DOMAIN_INPUT_PLACEHOLDER = 'api.example.com'
export const CUSTOM_DOMAIN_ADD_LABEL = 'Add domain'
export const CUSTOM_DOMAIN_VERIFY_LABEL = 'Verify'
export const CUSTOM_DOMAIN_ACTIVATE_LABEL = 'Activate'
export const CUSTOM_DOMAIN_REMOVE_LABEL = 'Remove'
export const CUSTOM_DOMAIN_DNS_INTRO = 'Add these two DNS records at your DNS provider, then select Verify.'
export const CUSTOM_DOMAIN_CNAME_LABEL = (hostname: string) => `CNAME record for ${hostname}`
export const CUSTOM_DOMAIN_TXT_LABEL = (name: string) => `TXT record ${name}`
export const CUSTOM_DOMAIN_CLAIM_NOTE = (expiresAt: string) =>
  `Until its TXT record is found, this hostname is only claimed: another project that proves it first gets it, and this claim ends on ${expiresAt}.`
export const CUSTOM_DOMAIN_VERIFIED_TEXT =
  'The domain is verified. Activate it to serve the project from it; the platform URL keeps working.'
export const CUSTOM_DOMAIN_ACTIVE_TEXT = (hostname: string) => `The project's APIs are served at https://${hostname}.`
export const CUSTOM_DOMAIN_TLS_NOTE = 'TLS for the domain is up to the proxy in front of the platform.'
export const CUSTOM_DOMAIN_REMOVE_TITLE = 'Remove the custom domain?'
export const CUSTOM_DOMAIN_REMOVE_DESCRIPTION = (hostname: string) =>
  `Requests to ${hostname} will stop reaching this project. The platform URL keeps working.`
export const CUSTOM_DOMAIN_FAILED_TO_LOAD = 'Failed to retrieve custom domain settings'
export const CUSTOM_DOMAIN_SET_FAILED = (message: string) => `Failed to set custom domain: ${message}`
export const CUSTOM_DOMAIN_VERIFY_FAILED = (message: string) => `Failed to verify custom domain: ${message}`
export const CUSTOM_DOMAIN_ACTIVATE_FAILED = (message: string) => `Failed to activate custom domain: ${message}`
export const CUSTOM_DOMAIN_REMOVE_FAILED = (message: string) => `Failed to remove custom domain: ${message}`
export const CUSTOM_DOMAIN_SET_TOAST = 'Custom domain added: add the DNS records to verify it'
export const CUSTOM_DOMAIN_VERIFIED_TOAST = 'Custom domain verified'
export const CUSTOM_DOMAIN_NOT_VERIFIED_TOAST = 'The DNS records are not visible yet'
export const CUSTOM_DOMAIN_ACTIVATED_TOAST = 'Custom domain activated'
export const CUSTOM_DOMAIN_REMOVED_TOAST = 'Custom domain removed'
export const CUSTOM_DOMAIN_STATUS_LABELS = {
  pending: 'Pending verification',
  verified: 'Verified',
  active: 'Active',
} as const
