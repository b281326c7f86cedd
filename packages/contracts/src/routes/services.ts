import { z } from 'zod'
import {
  EdgeFunction,
  EdgeFunctionBody,
  EdgeFunctionDeployQuery,
  EdgeFunctionSlug,
  FunctionsNetworkAccess,
} from '../edge-functions'
import { Bucket, BucketParams, CreateBucketBody, StorageArchiveResponse, UpdateBucketBody } from '../storage'
import { FileDownload, MessageResponse, MultipartForm, type RouteDefinition } from './define'

/**
 * The dashboard's calls about a project's storage buckets and edge functions. The services' own APIs (the data
 * API, Storage and function calls under /p/{ref}/...) are proxies with their own shapes and are not listed here.
 */
export const serviceApiRoutes = {
  'GET /platform/storage/{ref}/buckets': {
    method: 'GET',
    path: '/platform/storage/{ref}/buckets',
    params: ['ref'],
    response: z.array(Bucket),
    description: "The project's storage buckets",
  },
  'POST /platform/storage/{ref}/buckets': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets',
    params: ['ref'],
    body: CreateBucketBody,
    response: Bucket,
    description: 'Creates a bucket (201)',
  },
  'PATCH /platform/storage/{ref}/buckets/{id}': {
    method: 'PATCH',
    path: '/platform/storage/{ref}/buckets/{id}',
    params: ['ref', 'id'],
    paramSchemas: BucketParams.shape,
    body: UpdateBucketBody,
    response: Bucket,
    description: "Changes a bucket's visibility and limits",
  },
  'DELETE /platform/storage/{ref}/buckets/{id}': {
    method: 'DELETE',
    path: '/platform/storage/{ref}/buckets/{id}',
    params: ['ref', 'id'],
    paramSchemas: BucketParams.shape,
    response: MessageResponse,
    description: 'Deletes an empty bucket (409 while it holds objects)',
  },
  'POST /platform/storage/{ref}/buckets/{id}/empty': {
    method: 'POST',
    path: '/platform/storage/{ref}/buckets/{id}/empty',
    params: ['ref', 'id'],
    paramSchemas: BucketParams.shape,
    response: MessageResponse,
    description: 'Deletes every object of a bucket; the bucket stays',
  },
  'POST /platform/storage/{ref}/archive': {
    method: 'POST',
    path: '/platform/storage/{ref}/archive',
    params: ['ref'],
    response: MessageResponse,
    description: "Starts building the archive of the project's storage objects (202)",
  },
  'GET /platform/storage/{ref}/archive': {
    method: 'GET',
    path: '/platform/storage/{ref}/archive',
    params: ['ref'],
    response: StorageArchiveResponse,
    description: "The archive's download address once built (404 'Storage archive not found' before)",
  },
  'GET /platform/storage/{ref}/archive/file': {
    method: 'GET',
    path: '/platform/storage/{ref}/archive/file',
    params: ['ref'],
    response: FileDownload,
    answer: 'file',
    description: 'The storage archive (.tar.gz), as an attachment',
  },
  'GET /v1/projects/{ref}/functions': {
    method: 'GET',
    path: '/v1/projects/{ref}/functions',
    params: ['ref'],
    response: z.array(EdgeFunction),
    description: "The project's deployed edge functions",
  },
  'GET /v1/projects/{ref}/functions/{function_slug}': {
    method: 'GET',
    path: '/v1/projects/{ref}/functions/{function_slug}',
    params: ['ref', 'function_slug'],
    paramSchemas: { function_slug: EdgeFunctionSlug },
    response: EdgeFunction,
    description: 'One edge function',
  },
  'GET /v1/projects/{ref}/functions/{function_slug}/body': {
    method: 'GET',
    path: '/v1/projects/{ref}/functions/{function_slug}/body',
    params: ['ref', 'function_slug'],
    paramSchemas: { function_slug: EdgeFunctionSlug },
    response: EdgeFunctionBody,
    description: "The live version's files",
  },
  'POST /v1/projects/{ref}/functions/deploy': {
    method: 'POST',
    path: '/v1/projects/{ref}/functions/deploy',
    params: ['ref'],
    query: EdgeFunctionDeployQuery,
    body: MultipartForm,
    response: EdgeFunction,
    description: 'Deploys a function: a metadata part and one part per file (201)',
  },
  'DELETE /v1/projects/{ref}/functions/{function_slug}': {
    method: 'DELETE',
    path: '/v1/projects/{ref}/functions/{function_slug}',
    params: ['ref', 'function_slug'],
    paramSchemas: { function_slug: EdgeFunctionSlug },
    response: MessageResponse,
    description: 'Deletes an edge function',
  },
  'GET /platform/projects/{ref}/edge-functions/network': {
    method: 'GET',
    path: '/platform/projects/{ref}/edge-functions/network',
    params: ['ref'],
    response: FunctionsNetworkAccess,
    description: "The private addresses the project's functions may reach",
  },
  'PUT /platform/projects/{ref}/edge-functions/network': {
    method: 'PUT',
    path: '/platform/projects/{ref}/edge-functions/network',
    params: ['ref'],
    body: FunctionsNetworkAccess,
    response: FunctionsNetworkAccess,
    description: "Sets the private addresses the project's functions may reach",
  },
} as const satisfies Record<string, RouteDefinition>
