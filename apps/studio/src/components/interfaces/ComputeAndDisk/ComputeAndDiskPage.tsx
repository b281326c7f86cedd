import { type ComputeSize, PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useState } from 'react'
import { useParams } from 'react-router'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useComputeSizesQuery } from '../../../data/projects/compute-sizes-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useProjectResizeMutation } from '../../../data/projects/project-resize-mutation'
import { cn } from '../../../lib/cn'
import { useCan } from '../../../lib/use-can'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { PageSkeleton, Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import {
  OPERATIONS_PERMISSION_TOOLTIP,
  UNAVAILABLE_IN_STATUS_TOOLTIP,
} from '../ProjectSettings/project-settings.constants'
import { PROJECT_STATUS_LABELS } from '../Projects/projects.constants'
import {
  COMPUTE_AND_DISK_TITLE,
  COMPUTE_SECTION_DESCRIPTION,
  COMPUTE_SECTION_TITLE,
  COMPUTE_SETTING_LABELS,
  COMPUTE_SIZE_LEGEND,
  COMPUTE_SIZES_LOAD_FAILED,
  CURRENT_SIZE_BADGE,
  RESIZE_CONFIRM_DESCRIPTION,
  RESIZE_CONFIRM_LABEL,
  RESIZE_CONFIRM_TITLE,
  RESIZE_FAILED_MESSAGE,
  RESIZE_LABEL,
  RESIZE_STARTED_TOAST,
} from './compute-and-disk.constants'
import { canResizeTo, formatComputeSize } from './compute-and-disk.utils'
import { DiskSection } from './DiskSection'

/** /project/{ref}/compute-and-disk: the compute size (changed by a resize, which restarts the project) and the disk. */
export function ComputeAndDiskPage() {
  const { ref } = useParams()
  const projectQuery = useProjectDetailQuery({ ref })
  const sizesQuery = useComputeSizesQuery()
  const [selected, setSelected] = useState<ComputeSize | null>(null)
  const [confirming, setConfirming] = useState(false)
  const project = projectQuery.data
  const { can: canOperate } = useCan(PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_OPERATION_JOBS, {
    orgSlug: project?.organization_slug,
  })
  const resize = useProjectResizeMutation({
    onSuccess: () => {
      toast.success(RESIZE_STARTED_TOAST)
      setConfirming(false)
      setSelected(null)
    },
    onError: (error) => toast.error(RESIZE_FAILED_MESSAGE(getErrorMessage(error))),
  })

  if (projectQuery.isPending) return <PageSkeleton />
  if (projectQuery.isError) {
    return (
      <ErrorState
        error={projectQuery.error}
        onRetry={() => void projectQuery.refetch()}
        retrying={projectQuery.isFetching}
      />
    )
  }
  if (!project) return null

  const current = project.compute_size
  const choice = selected ?? current
  const blockedReason = !canOperate
    ? OPERATIONS_PERMISSION_TOOLTIP
    : project.status !== 'ACTIVE_HEALTHY'
      ? UNAVAILABLE_IN_STATUS_TOOLTIP(PROJECT_STATUS_LABELS[project.status])
      : undefined

  return (
    <PageContainer className="space-y-8" data-testid="compute-and-disk-page">
      <h1 className="text-xl font-semibold text-neutral-900">{COMPUTE_AND_DISK_TITLE}</h1>

      <section aria-labelledby="compute-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="compute-title" className="text-base font-semibold text-neutral-900">
            {COMPUTE_SECTION_TITLE}
          </h2>
          <p className="text-sm text-neutral-600">
            {CURRENT_SIZE_BADGE}:{' '}
            <span className="font-medium text-neutral-900" data-testid="current-compute-size">
              {formatComputeSize(current)}
            </span>
          </p>
        </div>
        <p className="text-sm text-neutral-600">{COMPUTE_SECTION_DESCRIPTION}</p>

        {sizesQuery.isPending ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading compute sizes</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : sizesQuery.isError ? (
          <ErrorState
            title={COMPUTE_SIZES_LOAD_FAILED}
            error={sizesQuery.error}
            onRetry={() => void sizesQuery.refetch()}
            retrying={sizesQuery.isFetching}
          />
        ) : (
          <fieldset disabled={Boolean(blockedReason) || resize.isPending} className="space-y-2">
            <legend className="sr-only">{COMPUTE_SIZE_LEGEND}</legend>
            {sizesQuery.data.map((size) => (
              <label
                key={size.id}
                className={cn(
                  'flex cursor-pointer flex-wrap items-center gap-x-6 gap-y-1 rounded-lg border bg-white p-3 has-disabled:cursor-not-allowed',
                  choice === size.id ? 'border-emerald-600 bg-emerald-50/50' : 'border-neutral-200 hover:bg-neutral-50',
                )}
                data-testid={`compute-size-${size.id}`}
              >
                <span className="flex min-w-32 items-center gap-2">
                  <input
                    type="radio"
                    name="compute-size"
                    value={size.id}
                    checked={choice === size.id}
                    onChange={() => setSelected(size.id)}
                    className="size-4 accent-emerald-600"
                  />
                  <span className="text-sm font-medium text-neutral-900">{formatComputeSize(size.id)}</span>
                  {size.id === current && <Badge tone="success">{CURRENT_SIZE_BADGE}</Badge>}
                </span>
                <span className="text-xs text-neutral-600">
                  {COMPUTE_SETTING_LABELS.shared_buffers}: <span className="font-mono">{size.shared_buffers}</span>
                </span>
                <span className="text-xs text-neutral-600">
                  {COMPUTE_SETTING_LABELS.max_connections}: <span className="font-mono">{size.max_connections}</span>
                </span>
                <span className="text-xs text-neutral-600">
                  {COMPUTE_SETTING_LABELS.work_mem}: <span className="font-mono">{size.work_mem}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}

        <div className="flex justify-end">
          <Tooltip content={blockedReason} wrapDisabled>
            <Button
              variant="primary"
              disabled={Boolean(blockedReason) || !canResizeTo(current, choice, project.status)}
              onClick={() => setConfirming(true)}
              data-testid="resize-compute-button"
            >
              {RESIZE_LABEL}
            </Button>
          </Tooltip>
        </div>
      </section>

      <DiskSection projectRef={project.ref} blockedReason={blockedReason} />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={RESIZE_CONFIRM_TITLE(formatComputeSize(choice))}
        description={RESIZE_CONFIRM_DESCRIPTION}
        confirmLabel={RESIZE_CONFIRM_LABEL}
        loading={resize.isPending}
        onConfirm={() => resize.mutate({ ref: project.ref, computeSize: choice })}
        data-testid="resize-compute-dialog"
      />
    </PageContainer>
  )
}
