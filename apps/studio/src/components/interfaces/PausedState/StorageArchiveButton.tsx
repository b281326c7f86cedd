import { PermissionAction, PermissionResource, STORAGE_ARCHIVE_FAILED } from '@pgfleet/contracts'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useStorageArchiveCreateMutation } from '../../../data/storage/storage-archive-create-mutation'
import { useStorageArchiveQuery } from '../../../data/storage/storage-archive-query'
import { startBrowserDownload } from '../../../lib/download'
import { useCan } from '../../../lib/use-can'
import { Button } from '../../ui/Button'
import { Tooltip } from '../../ui/Tooltip'
import {
  STORAGE_DOWNLOAD_LABEL,
  STORAGE_DOWNLOAD_PREPARING,
  STORAGE_DOWNLOAD_UNAVAILABLE_TOOLTIP,
} from './paused-state.constants'

/**
 * With the flag enableNinetyDayStorageDownload: create the storage archive, poll every 5000 ms until
 * it has a fileUrl, then start the download. Members without the archive permission get the
 * "not available" tooltip on a disabled button.
 */
export function StorageArchiveButton({ projectRef, orgSlug }: { projectRef: string; orgSlug: string }) {
  const { can } = useCan(PermissionAction.READ, PermissionResource.STORAGE_ARCHIVE, { orgSlug })
  const [waiting, setWaiting] = useState(false)
  const fail = (error: unknown) => toast.error(STORAGE_ARCHIVE_FAILED(getErrorMessage(error)))
  const create = useStorageArchiveCreateMutation({ onSuccess: () => setWaiting(true), onError: fail })
  const archive = useStorageArchiveQuery({ ref: projectRef }, { enabled: waiting })
  const fileUrl = archive.data?.fileUrl

  useEffect(() => {
    if (!waiting) return
    if (fileUrl) {
      setWaiting(false)
      startBrowserDownload(fileUrl)
    } else if (archive.isError) {
      setWaiting(false)
      fail(archive.error)
    }
  })

  if (!can) {
    return (
      <Tooltip content={STORAGE_DOWNLOAD_UNAVAILABLE_TOOLTIP} wrapDisabled>
        <Button disabled data-testid="storage-download">
          {STORAGE_DOWNLOAD_LABEL}
        </Button>
      </Tooltip>
    )
  }
  return (
    <Button
      loading={create.isPending || waiting}
      onClick={() => create.mutate({ ref: projectRef })}
      data-testid="storage-download"
    >
      {waiting ? STORAGE_DOWNLOAD_PREPARING : STORAGE_DOWNLOAD_LABEL}
    </Button>
  )
}
