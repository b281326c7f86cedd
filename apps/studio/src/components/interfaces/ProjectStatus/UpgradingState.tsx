import { type Project, UPGRADE_DATA_UNAFFECTED, UPGRADE_FAILED_TITLE } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { projectKeys } from '../../../data/projects/keys'
import { UPGRADE_STATUS_POLL_INTERVAL_MS, useUpgradeStatusQuery } from '../../../data/projects/upgrade-status-query'
import { cn } from '../../../lib/cn'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import {
  RETURN_TO_PROJECT_LABEL,
  UPGRADE_FULL_BACKUP_STEP,
  UPGRADE_TIME_LEFT,
  UPGRADING_DESCRIPTION,
  UPGRADING_TITLE,
} from './project-status.constants'
import { StatusScreen } from './StatusScreen'
import { estimatedRemainingMs, formatElapsed, type ShownStepState, shownSteps } from './upgrade-steps'
import { useRefreshProject } from './use-project-status-poll'

const MARKS: Record<ShownStepState, string> = { done: '✓', running: '', failed: '!', pending: '' }

/**
 * UPGRADING: the eight steps with their times, polled every 5 s, then the full-backup phase. Upgraded returns to
 * the project by itself (the eligibility is read again); Failed says the data is unaffected and waits.
 */
export function UpgradingState({ project }: { project: Project }) {
  const status = useUpgradeStatusQuery({ ref: project.ref })
  const refresh = useRefreshProject(project.ref)
  const queryClient = useQueryClient()
  const [now, setNow] = useState(() => Date.now())
  const [returning, setReturning] = useState(false)
  const outcome = status.data?.status

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    if (outcome !== 'Upgraded') return
    void queryClient.invalidateQueries({ queryKey: projectKeys.upgradeEligibility(project.ref) })
    void queryClient.invalidateQueries({ queryKey: projectKeys.infrastructure(project.ref) })
    void refresh()
  }, [outcome, project.ref, queryClient, refresh])

  if (!status.data || outcome === 'Upgraded') {
    return (
      <StatusScreen
        screen="upgrading"
        tone="busy"
        title={UPGRADING_TITLE(status.data?.target_version ?? null)}
        description={UPGRADING_DESCRIPTION}
        pollError={status.error}
        pollIntervalMs={UPGRADE_STATUS_POLL_INTERVAL_MS}
      />
    )
  }

  const steps = shownSteps(status.data, now)
  const remaining = outcome === 'Upgrading' && !status.data.full_backup ? estimatedRemainingMs(steps) : null
  const failed = outcome === 'Failed'
  return (
    <StatusScreen
      screen="upgrading"
      tone={failed ? 'error' : 'busy'}
      title={failed ? UPGRADE_FAILED_TITLE : UPGRADING_TITLE(status.data.target_version)}
      description={failed ? UPGRADE_DATA_UNAFFECTED : UPGRADING_DESCRIPTION}
      pollError={status.error}
      pollIntervalMs={UPGRADE_STATUS_POLL_INTERVAL_MS}
    >
      <ol className="space-y-1.5 text-sm" data-testid="upgrade-steps">
        {steps.map((step) => (
          <li key={step.label} className="flex items-center gap-2" data-testid="upgrade-step" data-state={step.state}>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full text-xs',
                step.state === 'done' && 'bg-emerald-100 text-emerald-700',
                step.state === 'failed' && 'bg-red-100 text-red-700',
                step.state === 'pending' && 'border border-neutral-300',
              )}
            >
              {step.state === 'running' ? <Spinner className="size-4 text-emerald-600" /> : MARKS[step.state]}
            </span>
            <span className={cn('flex-1', step.state === 'pending' ? 'text-neutral-500' : 'text-neutral-900')}>
              {step.label}
            </span>
            {step.elapsedMs !== null && (
              <span className="text-xs text-neutral-500 tabular-nums">{formatElapsed(step.elapsedMs)}</span>
            )}
          </li>
        ))}
        {status.data.full_backup && (
          <li className="flex items-center gap-2" data-testid="upgrade-full-backup">
            <Spinner className="size-4 text-emerald-600" />
            <span className="text-neutral-900">{UPGRADE_FULL_BACKUP_STEP}</span>
          </li>
        )}
      </ol>
      {remaining !== null && (
        <p className="mt-3 text-xs text-neutral-500" data-testid="upgrade-time-left">
          {UPGRADE_TIME_LEFT(remaining / 1000)}
        </p>
      )}
      {failed && (
        <>
          {status.data.error && (
            <p className="mt-3 text-sm break-words text-neutral-600" data-testid="upgrade-error">
              {status.data.error}
            </p>
          )}
          <Button
            className="mt-4"
            loading={returning}
            onClick={() => {
              setReturning(true)
              void refresh().finally(() => setReturning(false))
            }}
          >
            {RETURN_TO_PROJECT_LABEL}
          </Button>
        </>
      )}
    </StatusScreen>
  )
}
