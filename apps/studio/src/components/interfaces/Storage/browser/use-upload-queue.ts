import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { storageKeys } from '../../../../data/storage/keys'
import { uploadObject } from '../../../../data/storage/object-upload'
import { UploadQueue } from './upload-queue'

/** One upload queue per bucket page, sending through the platform's upload route; each finished file refreshes the listing. */
export function useUploadQueue(ref: string, bucketId: string) {
  const queryClient = useQueryClient()
  const [queue] = useState(
    () =>
      new UploadQueue(
        (upload, onProgress, signal) =>
          uploadObject({ ref, bucketId, path: upload.path, upsert: upload.upsert }, upload.file, {
            onProgress: (loaded) => onProgress(loaded),
            signal,
          }),
        {
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
