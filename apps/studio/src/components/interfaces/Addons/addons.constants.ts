export const ADDONS_PAGE_TITLE = 'Add-ons'
export const ADDONS_PAGE_DESCRIPTION = 'Extras for this project, billed with the organization’s plan.'
export const PITR_ADDON_PANEL = 'pitr'
export const PITR_ADDON_TITLE = 'Point-in-time recovery'
export const PITR_ADDON_DESCRIPTION =
  'Archives every change to the database, so it can be restored to any second of the retention period.'
export const PITR_ADDON_OFF = 'Off'
export const PITR_ADDON_ON = (days: number) => `${days} days of recovery`
export const PITR_ADDON_CHANGE_LABEL = 'Change point-in-time recovery'
export const PITR_ADDON_OPTION = (days: number) => `${days} days`
export const PITR_ADDON_NONE = 'No point-in-time recovery'
export const PITR_ADDON_CONFIRM = 'Confirm'
export const PITR_ADDON_RESTART_NOTE =
  'Turning point-in-time recovery on or off restarts the database (a few seconds offline).'
export const PITR_ADDON_SAVED = 'Point-in-time recovery updated'
export const PITR_ADDON_FAILED = (message: string) => `Failed to update point-in-time recovery: ${message}`
export const PITR_ADDON_PAID_ONLY = 'Point-in-time recovery needs a paid plan.'
export const UPGRADE_PLAN_LABEL = 'Upgrade plan'
export const BILLING_PATH = (slug: string) => `/org/${slug}/billing?panel=subscriptionPlan&source=pitrAddon`
