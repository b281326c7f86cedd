import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { storageKeys } from './keys'

/** The storage browser's writes and URL requests; every write refreshes the bucket's listed folders. */
type BucketTarget = { ref: string | undefined; bucketId: string }

function paramsOf({ ref, bucketId }: BucketTarget) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return { ref, id: bucketId }
}

function useBucketWrite<V extends BucketTarget, R>(write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSettled: (_answer, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: storageKeys.objects(variables.ref, variables.bucketId) }),
  })
}

export const createFolder = (v: BucketTarget & { path: string }) =>
  api('POST /platform/storage/{ref}/buckets/{id}/objects/folder', { params: paramsOf(v), body: { path: v.path } })

export const moveObject = (v: BucketTarget & { from: string; to: string }) =>
  api('POST /platform/storage/{ref}/buckets/{id}/objects/move', {
    params: paramsOf(v),
    body: { from: v.from, to: v.to },
  })

export const deleteObjects = (v: BucketTarget & { paths: string[]; folders: string[] }) =>
  api('POST /platform/storage/{ref}/buckets/{id}/objects/delete', {
    params: paramsOf(v),
    body: { paths: v.paths, folders: v.folders },
  })

export const signObject = (v: BucketTarget & { path: string; expiresIn: number; download?: boolean }) =>
  api('POST /platform/storage/{ref}/buckets/{id}/objects/sign', {
    params: paramsOf(v),
    body: { path: v.path, expiresIn: v.expiresIn, download: v.download ?? false },
  })

export const publicObjectUrl = (v: BucketTarget & { path: string }) =>
  api('POST /platform/storage/{ref}/buckets/{id}/objects/public-url', { params: paramsOf(v), body: { path: v.path } })

export const useCreateFolderMutation = () => useBucketWrite(createFolder)
export const useDeleteObjectsMutation = () => useBucketWrite(deleteObjects)

/** Moves several objects one after another; answers the paths that failed with their messages. */
export function useMoveObjectsMutation() {
  return useBucketWrite(async (v: BucketTarget & { moves: { from: string; to: string }[] }) => {
    const failed: { from: string; message: string }[] = []
    for (const move of v.moves) {
      try {
        await moveObject({ ...v, ...move })
      } catch (error) {
        failed.push({ from: move.from, message: error instanceof Error ? error.message : String(error) })
      }
    }
    return { failed }
  })
}

export const moveFolder = (v: BucketTarget & { from: string; to: string; dryRun: boolean }) =>
  api('POST /platform/storage/{ref}/buckets/{id}/objects/move-folder', {
    params: paramsOf(v),
    body: { from: v.from, to: v.to, dryRun: v.dryRun },
  })

/** The dry run before a folder move: counts what would move and lists conflicts; changes nothing. */
export const useCheckFolderMoveMutation = () =>
  useMutation({ mutationFn: (v: BucketTarget & { from: string; to: string }) => moveFolder({ ...v, dryRun: true }) })

/** Moves a folder with everything under it: all or nothing, answered with the count moved. */
export const useMoveFolderMutation = () =>
  useBucketWrite((v: BucketTarget & { from: string; to: string }) => moveFolder({ ...v, dryRun: false }))
