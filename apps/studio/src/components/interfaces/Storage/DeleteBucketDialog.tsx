import { BUCKET_NOT_EMPTY_MESSAGE, type Bucket } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useBucketDeleteMutation } from '../../../data/storage/bucket-delete-mutation'
import { useBucketEmptyMutation } from '../../../data/storage/bucket-empty-mutation'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import {
  BUCKET_DELETED,
  BUCKET_EMPTIED,
  DELETE_DESCRIPTION,
  DELETE_FAILED,
  DELETE_LABEL,
  DELETE_TITLE,
  EMPTY_FAILED,
  EMPTY_LABEL,
  EMPTY_WARNING,
  NOT_EMPTY_NOTICE,
} from './storage.constants'

/** Deletes a bucket after confirmation; a bucket that still holds files can be emptied from here first. */
export function DeleteBucketDialog({
  projectRef,
  bucket,
  open,
  onOpenChange,
}: {
  projectRef: string
  bucket: Bucket
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [notEmpty, setNotEmpty] = useState(false)
  const remove = useBucketDeleteMutation({
    onSuccess: () => {
      toast.success(BUCKET_DELETED(bucket.name))
      onOpenChange(false)
    },
    onError: (error) => {
      if (getErrorMessage(error) === BUCKET_NOT_EMPTY_MESSAGE) setNotEmpty(true)
      else toast.error(DELETE_FAILED(getErrorMessage(error)))
    },
  })
  const empty = useBucketEmptyMutation({
    onSuccess: () => {
      toast.success(BUCKET_EMPTIED(bucket.name))
      setNotEmpty(false)
    },
    onError: (error) => toast.error(EMPTY_FAILED(getErrorMessage(error))),
  })

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={DELETE_TITLE(bucket.name)}
      description={DELETE_DESCRIPTION}
      confirmLabel={DELETE_LABEL}
      variant="danger"
      loading={remove.isPending || empty.isPending}
      onConfirm={() => remove.mutate({ ref: projectRef, id: bucket.id })}
      data-testid="delete-bucket-dialog"
    >
      {notEmpty && (
        <Alert tone="warning" title={NOT_EMPTY_NOTICE} data-testid="bucket-not-empty">
          <p>{EMPTY_WARNING}</p>
          <Button
            size="sm"
            variant="danger"
            className="mt-2"
            loading={empty.isPending}
            onClick={() => empty.mutate({ ref: projectRef, id: bucket.id })}
            data-testid="empty-bucket-button"
          >
            {EMPTY_LABEL}
          </Button>
        </Alert>
      )}
    </ConfirmDialog>
  )
}
