import { PLAN_IDS, PLAN_NAMES, type PlanId } from '@pgfleet/contracts'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useSubscriptionUpdateMutation } from '../../../data/organizations/subscription-update-mutation'
import { cn } from '../../../lib/cn'
import { Alert } from '../../ui/Alert'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Tooltip } from '../../ui/Tooltip'
import {
  CANCEL_LABEL,
  CONFIRM_PLAN_LABEL,
  CURRENT_PLAN_LABEL,
  NO_BILLING_PERMISSION_TOOLTIP,
  NO_PAYMENT_PROVIDER_NOTICE,
  PANEL_SOURCE_NOTES,
  PLAN_DESCRIPTIONS,
  PLAN_FIELD_LEGEND,
  PLAN_PANEL_DESCRIPTION,
  PLAN_PANEL_TITLE,
  PLAN_UPDATE_FAILED_TITLE,
  PLAN_UPDATED_MESSAGE,
} from './billing.constants'

export function SubscriptionPlanPanel({
  open,
  onOpenChange,
  slug,
  currentPlan,
  canChange,
  source,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  slug: string
  currentPlan: PlanId
  canChange: boolean
  source?: string
}) {
  const [selected, setSelected] = useState<PlanId>(currentPlan)
  const update = useSubscriptionUpdateMutation({
    onSuccess: (subscription) => {
      toast.success(PLAN_UPDATED_MESSAGE(subscription.plan.name))
      onOpenChange(false)
    },
  })
  const sourceNote = source ? PANEL_SOURCE_NOTES[source] : undefined

  // Each opening starts from the current plan (the panel also opens from the address).
  useEffect(() => {
    if (open) setSelected(currentPlan)
  }, [open, currentPlan])

  const handleOpenChange = (next: boolean) => {
    if (!next) update.reset()
    onOpenChange(next)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      variant="side"
      title={PLAN_PANEL_TITLE}
      description={PLAN_PANEL_DESCRIPTION}
      data-testid="subscription-plan-panel"
      footer={
        <>
          <Button onClick={() => handleOpenChange(false)} disabled={update.isPending}>
            {CANCEL_LABEL}
          </Button>
          <Tooltip content={canChange ? undefined : NO_BILLING_PERMISSION_TOOLTIP} wrapDisabled>
            <Button
              variant="primary"
              disabled={!canChange || selected === currentPlan}
              loading={update.isPending}
              onClick={() => update.mutate({ slug, plan: selected })}
            >
              {CONFIRM_PLAN_LABEL}
            </Button>
          </Tooltip>
        </>
      }
    >
      <div className="space-y-4">
        {sourceNote && <Alert tone="info">{sourceNote}</Alert>}
        <Alert tone="warning">{NO_PAYMENT_PROVIDER_NOTICE}</Alert>
        <fieldset disabled={!canChange || update.isPending} className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-neutral-800">{PLAN_FIELD_LEGEND}</legend>
          {PLAN_IDS.map((plan) => (
            <label
              key={plan}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 has-disabled:cursor-not-allowed',
                selected === plan ? 'border-emerald-600 bg-emerald-50/50' : 'border-neutral-200 hover:bg-neutral-50',
              )}
            >
              <input
                type="radio"
                name="plan"
                value={plan}
                checked={selected === plan}
                onChange={() => setSelected(plan)}
                aria-labelledby={`plan-${plan}-name`}
                aria-describedby={`plan-${plan}-description`}
                className="mt-1 size-4 shrink-0 self-start accent-emerald-600"
              />
              <span>
                <span className="flex items-center gap-2 text-sm font-medium text-neutral-900">
                  <span id={`plan-${plan}-name`}>{PLAN_NAMES[plan]}</span>
                  {plan === currentPlan && <Badge tone="success">{CURRENT_PLAN_LABEL}</Badge>}
                </span>
                <span id={`plan-${plan}-description`} className="mt-0.5 block text-xs text-neutral-600">
                  {PLAN_DESCRIPTIONS[plan]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {update.error && (
          <Alert tone="error" title={PLAN_UPDATE_FAILED_TITLE}>
            {getErrorMessage(update.error)}
          </Alert>
        )}
      </div>
    </Dialog>
  )
}
