import {
  PermissionAction,
  PermissionResource,
  type Project,
  UPGRADE_DATA_UNAFFECTED,
  UPGRADE_FAILED_TITLE,
} from '@pgfleet/contracts'
import { type ReactNode, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useUpgradeEligibilityQuery } from '../../../data/projects/upgrade-eligibility-query'
import { useUpgradeStartMutation } from '../../../data/projects/upgrade-start-mutation'
import { useUpgradeStatusQuery } from '../../../data/projects/upgrade-status-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DetailList } from '../../ui/DetailList'
import { ErrorState } from '../../ui/ErrorState'
import { Section } from '../../ui/Section'
import { Select } from '../../ui/Select'
import { Skeleton } from '../../ui/Skeleton'
import {
  UPGRADE_BLOCKED_TITLE,
  UPGRADE_CONFIRM_DESCRIPTION,
  UPGRADE_CONFIRM_LABEL,
  UPGRADE_CONFIRM_TITLE,
  UPGRADE_CURRENT_LABEL,
  UPGRADE_DENIED,
  UPGRADE_DESCRIPTION,
  UPGRADE_DURATION_LABEL,
  UPGRADE_ESTIMATE,
  UPGRADE_LAST_DONE,
  UPGRADE_LOAD_FAILED_TITLE,
  UPGRADE_NO_TARGETS,
  UPGRADE_START_FAILED,
  UPGRADE_START_LABEL,
  UPGRADE_TARGET_LABEL,
  UPGRADE_TARGET_OPTION,
  UPGRADE_TITLE,
} from './infrastructure.constants'
import { formatDateTime } from './infrastructure.utils'

/** The current version, the majors it can move to, what blocks it, and the start with a confirmation. */
export function UpgradePanel({ project }: { project: Project }) {
  const eligibility = useUpgradeEligibilityQuery({ ref: project.ref })
  const last = useUpgradeStatusQuery({ ref: project.ref }, { retry: false })
  const { can } = useCan(PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_OPERATION_JOBS, {
    orgSlug: project.organization_slug,
  })
  const [target, setTarget] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const start = useUpgradeStartMutation({
    onSuccess: () => setConfirming(false),
    onError: (error) => {
      setConfirming(false)
      toast.error(UPGRADE_START_FAILED(getErrorMessage(error)))
    },
  })

  let body: ReactNode
  if (eligibility.isPending) body = <Skeleton className="h-24 w-full" />
  else if (eligibility.isError) {
    body = (
      <ErrorState
        title={UPGRADE_LOAD_FAILED_TITLE}
        error={eligibility.error}
        onRetry={() => void eligibility.refetch()}
        retrying={eligibility.isFetching}
      />
    )
  } else {
    const data = eligibility.data
    const chosen = target ?? data.target_upgrade_versions[0]?.postgres_version ?? null
    body = (
      <div className="space-y-4">
        <DetailList
          className="grid sm:grid-cols-2"
          testIdPrefix="upgrade-"
          details={[
            { label: UPGRADE_CURRENT_LABEL, value: data.current_app_version, testId: 'current' },
            ...(data.target_upgrade_versions.length > 0
              ? [
                  {
                    label: UPGRADE_DURATION_LABEL,
                    value: UPGRADE_ESTIMATE(data.duration_estimate_hours),
                    testId: 'estimate',
                  },
                ]
              : []),
          ]}
        />
        {data.validation_errors.length > 0 && (
          <Alert tone="warning" title={UPGRADE_BLOCKED_TITLE} data-testid="upgrade-blockers">
            <ul className="list-disc pl-5">
              {data.validation_errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Alert>
        )}
        {data.target_upgrade_versions.length === 0 ? (
          <p className="text-sm text-neutral-600" data-testid="upgrade-no-targets">
            {UPGRADE_NO_TARGETS}
          </p>
        ) : (
          <>
            <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-600">
              {data.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
            <div className="flex flex-wrap items-end gap-3">
              <Select
                label={UPGRADE_TARGET_LABEL}
                value={chosen ?? ''}
                onChange={(event) => setTarget(event.target.value)}
                options={data.target_upgrade_versions.map((version) => ({
                  value: version.postgres_version,
                  label: UPGRADE_TARGET_OPTION(version.postgres_version, version.release_channel),
                }))}
                data-testid="upgrade-target"
              />
              <Button
                variant="primary"
                disabled={!data.eligible || !can || chosen === null}
                title={can ? undefined : UPGRADE_DENIED}
                onClick={() => setConfirming(true)}
                data-testid="upgrade-start"
              >
                {UPGRADE_START_LABEL}
              </Button>
            </div>
          </>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={UPGRADE_CONFIRM_TITLE(chosen ?? '')}
          description={UPGRADE_CONFIRM_DESCRIPTION}
          confirmLabel={UPGRADE_CONFIRM_LABEL}
          loading={start.isPending}
          onConfirm={() => chosen && start.mutate({ ref: project.ref, targetVersion: chosen })}
          data-testid="upgrade-confirm-dialog"
        />
      </div>
    )
  }

  return (
    <Section
      titleId="upgrade-title"
      title={UPGRADE_TITLE}
      description={UPGRADE_DESCRIPTION}
      data-testid="upgrade-panel"
    >
      {last.data?.status === 'Failed' && (
        <Alert tone="error" title={UPGRADE_FAILED_TITLE} data-testid="upgrade-last-failed">
          <p>{UPGRADE_DATA_UNAFFECTED}</p>
          {last.data.error && <p className="mt-1 break-words">{last.data.error}</p>}
        </Alert>
      )}
      {last.data?.status === 'Upgraded' && (
        <p className="text-sm text-neutral-600" data-testid="upgrade-last-done">
          {UPGRADE_LAST_DONE(last.data.target_version, formatDateTime(last.data.latest_status_at))}
        </p>
      )}
      {body}
    </Section>
  )
}
