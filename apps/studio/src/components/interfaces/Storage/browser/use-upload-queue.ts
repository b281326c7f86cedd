import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { storageKeys } from '../../../../data/storage/keys'
import { uploadObject } from '../../../../data/storage/object-upload'
import { RESUMABLE_UPLOAD_FROM_BYTES, uploadResumable } from '../../../../data/storage/resumable-upload'
import { UploadQueue } from './upload-queue'

/**
 * One upload queue per bucket page: small files through the platform's upload route, large ones resumably;
 * each finished file refreshes the listing.
 */
export function useUploadQueue(ref: string, bucketId: string) {
  const queryClient = useQueryClient()
  const [queue] = useState(
    () =>
      new UploadQueue(
        (upload, onProgress, signal) => {
          const target = { ref, bucketId, path: upload.path, upsert: upload.upsert }
          const options = { onProgress: (loaded: number) => onProgress(loaded), signal }
          return upload.resumable
            ? uploadResumable(target, upload.file, { ...options, resume: upload.resume })
            : uploadObject(target, upload.file, options)
        },
        {
          resumableFromBytes: RESUMABLE_UPLOAD_FROM_BYTES,
          onUploaded: () => void queryClient.invalidateQueries({ queryKey: storageKeys.objects(ref, bucketId) }),
        },
      ),
  )
  const items = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot)
  // leaving the page stops what is still uploading
  useEffect(
    () => () => {
      for (const item of queue.snapshot()) queue.cancel(item.id)
    },
    [queue],
  )
  return { queue, items }
}
