import {
  PermissionAction,
  PermissionResource,
  PITR_PERMISSION_DENIED,
  PITR_RETENTION_DAYS,
  type PitrStatus,
  type Project,
} from '@pgfleet/contracts'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { usePitrStatusQuery } from '../../../data/backups/pitr-status-query'
import { usePitrUpdateMutation } from '../../../data/backups/pitr-update-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { PITR_LOAD_FAILED_TITLE } from '../PointInTime/pitr.constants'
import {
  ADDONS_PAGE_DESCRIPTION,
  ADDONS_PAGE_TITLE,
  BILLING_PATH,
  PITR_ADDON_CHANGE_LABEL,
  PITR_ADDON_CONFIRM,
  PITR_ADDON_DESCRIPTION,
  PITR_ADDON_FAILED,
  PITR_ADDON_NONE,
  PITR_ADDON_OFF,
  PITR_ADDON_ON,
  PITR_ADDON_OPTION,
  PITR_ADDON_PAID_ONLY,
  PITR_ADDON_PANEL,
  PITR_ADDON_RESTART_NOTE,
  PITR_ADDON_SAVED,
  PITR_ADDON_TITLE,
  UPGRADE_PLAN_LABEL,
} from './addons.constants'

/** /project/{ref}/addons (and settings/addons): the point-in-time recovery add-on; ?panel=pitr opens its panel. */
export function AddonsPage() {
  const { ref = '' } = useParams()
  const { data: project } = useProjectDetailQuery({ ref })
  const pitr = usePitrStatusQuery({ ref })

  return (
    <PageContainer className="space-y-6" data-testid="addons-page">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold text-neutral-900">{ADDONS_PAGE_TITLE}</h1>
        <p className="text-sm text-neutral-600">{ADDONS_PAGE_DESCRIPTION}</p>
      </div>
      {pitr.isPending || !project ? (
        <Skeleton className="h-32" />
      ) : pitr.isError ? (
        <ErrorState
          title={PITR_LOAD_FAILED_TITLE}
          error={pitr.error}
          onRetry={() => void pitr.refetch()}
          retrying={pitr.isFetching}
        />
      ) : (
        <PitrAddon project={project} status={pitr.data} />
      )}
    </PageContainer>
  )
}

function PitrAddon({ project, status }: { project: Project; status: PitrStatus }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const { organization } = useOrganization(project.organization_slug)
  const { can, isLoading } = useCan(PermissionAction.BILLING_WRITE, PermissionResource.SUBSCRIPTIONS, {
    orgSlug: project.organization_slug,
  })
  const paid = organization !== undefined && organization.plan.id !== 'free'
  const open = searchParams.get('panel') === PITR_ADDON_PANEL
  const setOpen = (next: boolean) =>
    setSearchParams(
      (params) => {
        if (next) params.set('panel', PITR_ADDON_PANEL)
        else params.delete('panel')
        return params
      },
      { replace: true },
    )
  const [choice, setChoice] = useState<number | null>(status.retention_days)
  const update = usePitrUpdateMutation({
    onSuccess: () => {
      toast.success(PITR_ADDON_SAVED)
      setOpen(false)
    },
    onError: (error) => toast.error(PITR_ADDON_FAILED(getErrorMessage(error))),
  })
  const disabled = isLoading || !can || !paid

  return (
    <section
      aria-labelledby="pitr-addon-title"
      className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs"
      data-testid="pitr-addon"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="pitr-addon-title" className="text-base font-semibold text-neutral-900">
            {PITR_ADDON_TITLE}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{PITR_ADDON_DESCRIPTION}</p>
          <p className="mt-2 text-sm font-medium text-neutral-900" data-testid="pitr-addon-state">
            {status.retention_days === null ? PITR_ADDON_OFF : PITR_ADDON_ON(status.retention_days)}
          </p>
        </div>
        <Button
          disabled={disabled}
          title={!can && !isLoading ? PITR_PERMISSION_DENIED : undefined}
          onClick={() => {
            setChoice(status.retention_days)
            setOpen(true)
          }}
          data-testid="pitr-addon-change"
        >
          {PITR_ADDON_CHANGE_LABEL}
        </Button>
      </div>
      {!isLoading && !can && (
        <p className="text-sm text-neutral-600" data-testid="pitr-addon-denied">
          {PITR_PERMISSION_DENIED}
        </p>
      )}
      {organization && !paid && (
        <p className="text-sm text-neutral-600" data-testid="pitr-addon-paid-only">
          {PITR_ADDON_PAID_ONLY}{' '}
          <Link to={BILLING_PATH(organization.slug)} className="font-medium text-emerald-700 hover:underline">
            {UPGRADE_PLAN_LABEL}
          </Link>
        </p>
      )}
      <Dialog
        open={open && !disabled}
        onOpenChange={(next) => {
          if (!update.isPending) setOpen(next)
        }}
        title={PITR_ADDON_TITLE}
        description={PITR_ADDON_RESTART_NOTE}
        data-testid="pitr-addon-panel"
        footer={
          <Button
            loading={update.isPending}
            disabled={choice === status.retention_days}
            onClick={() => update.mutate({ ref: project.ref, retention_days: choice })}
            data-testid="pitr-addon-confirm"
          >
            {PITR_ADDON_CONFIRM}
          </Button>
        }
      >
        <fieldset className="space-y-2">
          <legend className="sr-only">{PITR_ADDON_TITLE}</legend>
          {[null, ...PITR_RETENTION_DAYS].map((days) => (
            <label key={String(days)} className="flex items-center gap-2 text-sm text-neutral-800">
              <input type="radio" name="pitr-retention" checked={choice === days} onChange={() => setChoice(days)} />
              {days === null ? PITR_ADDON_NONE : PITR_ADDON_OPTION(days)}
            </label>
          ))}
        </fieldset>
      </Dialog>
    </section>
  )
}
