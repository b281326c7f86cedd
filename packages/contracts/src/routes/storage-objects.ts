import {
  CreateStorageFolderBody,
  DeleteObjectsBody,
  DeleteObjectsResponse,
  ListObjectsBody,
  ListObjectsResponse,
  MoveFolderBody,
  MoveFolderResponse,
  MoveObjectBody,
  PublicUrlBody,
  PublicUrlResponse,
  SignedUrlResponse,
  SignObjectBody,
  UploadObjectQuery,
  UploadObjectResponse,
} from '../storage-objects'
import { EmptyResponse, FileUpload, MessageResponse, type RouteDefinition } from './define'

/** The storage browser's calls: one bucket's folders and objects. Every member reads; writes need update on storage. */
export const storageObjectApiRoutes = {
  'POST /platform/storage/{ref}/buckets/{id}/objects/list': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/list',
    params: ['ref', 'id'],
    body: ListObjectsBody,
    response: ListObjectsResponse,
    description: 'One page of a folder: its sub-folders and objects by name, and where the next page starts',
  },
  'POST /platform/storage/{ref}/buckets/{id}/objects/upload': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/upload',
    params: ['ref', 'id'],
    query: UploadObjectQuery,
    response: UploadObjectResponse,
    description: "Uploads one object: the request body is the file's bytes, its Content-Type the object's type",
  },
  'POST /platform/storage/{ref}/buckets/{id}/objects/folder': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/folder',
    params: ['ref', 'id'],
    body: CreateStorageFolderBody,
    response: MessageResponse,
    description: 'Creates an empty folder (it holds a hidden placeholder object until something else is put in it)',
  },
  'POST /platform/storage/{ref}/buckets/{id}/objects/move': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/move',
    params: ['ref', 'id'],
    body: MoveObjectBody,
    response: MessageResponse,
    description: 'Moves or renames one object within the bucket (409 when the new path is taken)',
  },
  'POST /platform/storage/{ref}/buckets/{id}/objects/move-folder': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/move-folder',
    params: ['ref', 'id'],
    body: MoveFolderBody,
    response: MoveFolderResponse,
    description:
      'Moves or renames a folder with every object under it, all or nothing (409 listing the conflicts); dryRun only checks',
  },
  'POST /platform/storage/{ref}/buckets/{id}/objects/delete': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/delete',
    params: ['ref', 'id'],
    body: DeleteObjectsBody,
    response: DeleteObjectsResponse,
    description: 'Deletes the named objects and everything under the named folders; answers the paths deleted',
  },
  'POST /platform/storage/{ref}/buckets/{id}/objects/sign': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/sign',
    params: ['ref', 'id'],
    body: SignObjectBody,
    response: SignedUrlResponse,
    description: 'A signed URL anyone may download the object with until it expires',
  },
  'POST /platform/storage/{ref}/buckets/{id}/objects/public-url': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/objects/public-url',
    params: ['ref', 'id'],
    body: PublicUrlBody,
    response: PublicUrlResponse,
    description: "The object's public URL (public buckets only; 400 for a private one)",
  },
  // the dashboard's resumable uploads: the same TUS 1.0 endpoint as the project's Storage API, for a signed-in
  // member (HEAD, which tells how much arrived, is registered beside these)
  'POST /platform/storage/{ref}/upload/resumable': {
    method: 'POST',
    path: '/platform/storage/{ref}/upload/resumable',
    params: ['ref'],
    body: FileUpload,
    response: EmptyResponse,
    answer: 'protocol',
    description:
      'TUS 1.0: creates a resumable upload from Upload-Length and Upload-Metadata (bucketName, objectName, contentType); 201 with its Location',
  },
  'PATCH /platform/storage/{ref}/upload/resumable/{uploadId}': {
    method: 'PATCH',
    path: '/platform/storage/{ref}/upload/resumable/{uploadId}',
    params: ['ref', 'uploadId'],
    body: FileUpload,
    response: EmptyResponse,
    answer: 'protocol',
    description:
      'TUS 1.0: appends the body (application/offset+octet-stream) at Upload-Offset; the object is written with the last byte',
  },
  'DELETE /platform/storage/{ref}/upload/resumable/{uploadId}': {
    method: 'DELETE',
    path: '/platform/storage/{ref}/upload/resumable/{uploadId}',
    params: ['ref', 'uploadId'],
    response: EmptyResponse,
    answer: 'protocol',
    description: 'TUS 1.0 termination: cancels a resumable upload and removes what arrived',
  },
} as const satisfies Record<string, RouteDefinition>
