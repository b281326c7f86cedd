import { FREE_PROJECT_LIMIT, PLAN_CHANGE_INSTANCE_ADMIN_ONLY_MESSAGE, type PlanId } from '@pgfleet/contracts'

export const SUBSCRIPTION_SECTION_TITLE = 'Subscription plan'
export const CURRENT_PLAN_LABEL = 'Current plan'
export const CHANGE_PLAN_LABEL = 'Change subscription plan'
/** Plans are the operator's decision: only instance administrators change them, Owners included. */
export const NO_BILLING_PERMISSION_TOOLTIP = PLAN_CHANGE_INSTANCE_ADMIN_ONLY_MESSAGE
export const NO_PAYMENT_PROVIDER_NOTICE =
  'pgfleet has no payment provider: nothing is charged, and a plan change takes effect at once.'
export const PLAN_PANEL_TITLE = 'Change subscription plan'
export const PLAN_PANEL_DESCRIPTION = 'Choose the plan of this organization.'
export const PLAN_FIELD_LEGEND = 'Plan'
export const CONFIRM_PLAN_LABEL = 'Confirm plan change'
export const CANCEL_LABEL = 'Cancel'
export const PLAN_UPDATED_MESSAGE = (planName: string) => `The organization is now on the ${planName} plan`
export const PLAN_UPDATE_FAILED_TITLE = 'The plan was not changed'
export const SUBSCRIPTION_LOAD_FAILED_TITLE = 'Failed to load the subscription'
export const LAST_CHANGED_LABEL = 'Last changed'

export const PLAN_DESCRIPTIONS: Record<PlanId, string> = {
  free: `Each owner or administrator may have ${FREE_PROJECT_LIMIT} active projects; paused projects can be restored for 90 days.`,
  pro: 'No free project limit. Branching and add-ons such as point-in-time recovery are available.',
  team: 'Everything in Pro, for teams sharing many projects.',
  enterprise: 'Everything in Team, for organizations with their own requirements.',
}

/** `/org/{slug}/billing?panel=subscriptionPlan&source=...` opens the plan panel. */
export const PANEL_SEARCH_PARAM = 'panel'
export const SUBSCRIPTION_PLAN_PANEL = 'subscriptionPlan'
export const SOURCE_SEARCH_PARAM = 'source'

/** Why the panel was opened from elsewhere in the dashboard. */
export const PANEL_SOURCE_NOTES: Record<string, string> = {
  projectPausedStateRestore: `On the Free plan each owner or administrator may have ${FREE_PROJECT_LIMIT} active projects. A paid plan lifts this limit so the paused project can be restored.`,
  enableBranchingButton: 'Branching needs a paid plan.',
}

export const FREE_LIMIT_MEMBERS_TITLE = 'Members at the free project limit'
export const FREE_LIMIT_MEMBERS_DESCRIPTION = `On the Free plan, each owner or administrator may have ${FREE_PROJECT_LIMIT} active projects. These members cannot create or restore another one until the plan changes.`
export const NO_FREE_LIMIT_MEMBERS = 'No member has reached the limit.'
