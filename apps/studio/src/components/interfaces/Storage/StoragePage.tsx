import { type Bucket, PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useState } from 'react'
import { useParams } from 'react-router'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useBucketsQuery } from '../../../data/storage/buckets-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { BucketFormDialog } from './BucketFormDialog'
import { BucketsList } from './BucketsList'
import { DeleteBucketDialog } from './DeleteBucketDialog'
import {
  BUCKETS_TITLE,
  LOAD_BUCKETS_FAILED,
  NEW_BUCKET_LABEL,
  NO_BUCKETS_MESSAGE,
  STORAGE_DESCRIPTION,
  STORAGE_NOT_RUNNING,
  STORAGE_TITLE,
  WRITE_PERMISSION_NOTE,
} from './storage.constants'

type Editing = { kind: 'create' } | { kind: 'edit'; bucket: Bucket } | { kind: 'delete'; bucket: Bucket } | null

/** /project/{ref}/storage: the project's buckets, with create, edit and delete for members who may change them. */
export function StoragePage() {
  const { ref = '' } = useParams()
  const project = useProjectDetailQuery({ ref })
  const buckets = useBucketsQuery({ ref })
  const { can: canWrite, isLoading: permissionsLoading } = useCan(PermissionAction.UPDATE, PermissionResource.STORAGE, {
    orgSlug: project.data?.organization_slug,
  })
  const [editing, setEditing] = useState<Editing>(null)
  const running = project.data?.status === 'ACTIVE_HEALTHY'
  const close = (open: boolean) => !open && setEditing(null)

  return (
    <PageContainer className="space-y-6" data-testid="storage-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold text-neutral-900">{STORAGE_TITLE}</h1>
          <p className="max-w-2xl text-sm text-neutral-600">{STORAGE_DESCRIPTION}</p>
        </div>
        {canWrite && running && (
          <Button variant="primary" onClick={() => setEditing({ kind: 'create' })} data-testid="new-bucket-button">
            {NEW_BUCKET_LABEL}
          </Button>
        )}
      </div>
      {!permissionsLoading && project.data && !canWrite && <Alert tone="info">{WRITE_PERMISSION_NOTE}</Alert>}
      <section aria-labelledby="buckets-title" className="space-y-3">
        <h2 id="buckets-title" className="text-base font-semibold text-neutral-900">
          {BUCKETS_TITLE}
        </h2>
        {project.data && !running ? (
          <Alert tone="info" data-testid="storage-not-running">
            {STORAGE_NOT_RUNNING}
          </Alert>
        ) : buckets.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : buckets.isError ? (
          <ErrorState
            title={LOAD_BUCKETS_FAILED}
            error={buckets.error}
            onRetry={() => void buckets.refetch()}
            retrying={buckets.isFetching}
          />
        ) : buckets.data.length === 0 ? (
          <p
            className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600"
            data-testid="no-buckets"
          >
            {NO_BUCKETS_MESSAGE}
          </p>
        ) : (
          <BucketsList
            projectRef={ref}
            buckets={buckets.data}
            canWrite={canWrite}
            onEdit={(bucket) => setEditing({ kind: 'edit', bucket })}
            onDelete={(bucket) => setEditing({ kind: 'delete', bucket })}
          />
        )}
      </section>
      {editing?.kind === 'create' && <BucketFormDialog projectRef={ref} open onOpenChange={close} />}
      {editing?.kind === 'edit' && (
        <BucketFormDialog key={editing.bucket.id} projectRef={ref} bucket={editing.bucket} open onOpenChange={close} />
      )}
      {editing?.kind === 'delete' && (
        <DeleteBucketDialog
          key={editing.bucket.id}
          projectRef={ref}
          bucket={editing.bucket}
          open
          onOpenChange={close}
        />
      )}
    </PageContainer>
  )
}
