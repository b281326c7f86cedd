import { useParams, useSearchParams } from 'react-router'
import { useSubscriptionQuery } from '../../../data/organizations/subscription-query'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import {
  CHANGE_PLAN_LABEL,
  CURRENT_PLAN_LABEL,
  LAST_CHANGED_LABEL,
  NO_BILLING_PERMISSION_TOOLTIP,
  NO_PAYMENT_PROVIDER_NOTICE,
  SUBSCRIPTION_LOAD_FAILED_TITLE,
  SUBSCRIPTION_SECTION_TITLE,
} from './billing.constants'
import { getPanelSource, isPlanPanelOpen, withPlanPanel } from './billing.utils'
import { FreeLimitMembers } from './FreeLimitMembers'
import { SubscriptionPlanPanel } from './SubscriptionPlanPanel'

export function BillingPage() {
  const { slug = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const subscriptionQuery = useSubscriptionQuery({ slug })
  // plans are the operator's decision: only instance administrators change them, whatever their role here
  const canChange = useProfileQuery().data?.instance_admin === true
  const panelOpen = isPlanPanelOpen(searchParams)
  const setPanelOpen = (open: boolean) => setSearchParams(withPlanPanel(searchParams, open), { replace: !open })

  if (subscriptionQuery.isPending) {
    return (
      <div className="space-y-3" role="status">
        <span className="sr-only">Loading the subscription</span>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-28" />
      </div>
    )
  }
  if (subscriptionQuery.isError) {
    return (
      <ErrorState
        title={SUBSCRIPTION_LOAD_FAILED_TITLE}
        error={subscriptionQuery.error}
        onRetry={() => void subscriptionQuery.refetch()}
        retrying={subscriptionQuery.isFetching}
      />
    )
  }

  const subscription = subscriptionQuery.data
  return (
    <div className="space-y-10">
      <section aria-labelledby="subscription-title" className="space-y-3">
        <h2 id="subscription-title" className="text-base font-semibold text-neutral-900">
          {SUBSCRIPTION_SECTION_TITLE}
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs">
          <div>
            <p className="text-xs text-neutral-500">{CURRENT_PLAN_LABEL}</p>
            <p className="text-lg font-semibold text-neutral-900" data-testid="current-plan">
              {subscription.plan.name}
            </p>
            <p className="text-xs text-neutral-500">
              {LAST_CHANGED_LABEL} {new Date(subscription.updated_at).toLocaleString()}
            </p>
          </div>
          <Tooltip content={canChange ? undefined : NO_BILLING_PERMISSION_TOOLTIP} wrapDisabled>
            <Button
              variant="primary"
              disabled={!canChange}
              onClick={() => setPanelOpen(true)}
              data-testid="change-plan-button"
            >
              {CHANGE_PLAN_LABEL}
            </Button>
          </Tooltip>
        </div>
        <Alert tone="info">{NO_PAYMENT_PROVIDER_NOTICE}</Alert>
        {!canChange && (
          <Alert tone="info" data-testid="plan-admin-only">
            {NO_BILLING_PERMISSION_TOOLTIP}
          </Alert>
        )}
      </section>

      {subscription.plan.id === 'free' && <FreeLimitMembers slug={slug} />}

      <SubscriptionPlanPanel
        open={panelOpen}
        onOpenChange={setPanelOpen}
        slug={slug}
        currentPlan={subscription.plan.id}
        canChange={canChange}
        source={getPanelSource(searchParams)}
      />
    </div>
  )
}
