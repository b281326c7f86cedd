import { z } from 'zod'
import {
  ApiKeyIdParam,
  ApiKeyResponse,
  ApiKeyRevealQuery,
  CreateApiKeyBody,
  LegacyApiKeysQuery,
  LegacyApiKeysResponse,
  UpdateApiKeyBody,
} from '../api-keys'
import type { RouteDefinition } from './define'

/** A project's API keys, as the hosted Management API has them: legacy JWTs, publishable and secret keys. */
export const apiKeyApiRoutes = {
  'GET /v1/projects/{ref}/api-keys': {
    method: 'GET',
    path: '/v1/projects/{ref}/api-keys',
    params: ['ref'],
    query: ApiKeyRevealQuery,
    response: z.array(ApiKeyResponse),
    description:
      'Every key of the project: legacy anon and service_role (service_role only for members who may read it), publishable and secret keys (secret values masked unless ?reveal=true)',
  },
  'POST /v1/projects/{ref}/api-keys': {
    method: 'POST',
    path: '/v1/projects/{ref}/api-keys',
    params: ['ref'],
    query: ApiKeyRevealQuery,
    body: CreateApiKeyBody,
    response: ApiKeyResponse,
    description: 'Creates a publishable or secret key (201)',
  },
  'GET /v1/projects/{ref}/api-keys/legacy': {
    method: 'GET',
    path: '/v1/projects/{ref}/api-keys/legacy',
    params: ['ref'],
    response: LegacyApiKeysResponse,
    description: 'Whether the legacy JWT keys (anon, service_role) are accepted',
  },
  'PUT /v1/projects/{ref}/api-keys/legacy': {
    method: 'PUT',
    path: '/v1/projects/{ref}/api-keys/legacy',
    params: ['ref'],
    query: LegacyApiKeysQuery,
    response: LegacyApiKeysResponse,
    description: 'Enables (?enabled=true) or disables (?enabled=false) the legacy JWT keys',
  },
  'GET /v1/projects/{ref}/api-keys/{id}': {
    method: 'GET',
    path: '/v1/projects/{ref}/api-keys/{id}',
    params: ['ref', 'id'],
    paramSchemas: { id: ApiKeyIdParam },
    query: ApiKeyRevealQuery,
    response: ApiKeyResponse,
    description: 'One key',
  },
  'PATCH /v1/projects/{ref}/api-keys/{id}': {
    method: 'PATCH',
    path: '/v1/projects/{ref}/api-keys/{id}',
    params: ['ref', 'id'],
    paramSchemas: { id: ApiKeyIdParam },
    query: ApiKeyRevealQuery,
    body: UpdateApiKeyBody,
    response: ApiKeyResponse,
    description: "Renames a key or changes its description (the key's value stays)",
  },
  'DELETE /v1/projects/{ref}/api-keys/{id}': {
    method: 'DELETE',
    path: '/v1/projects/{ref}/api-keys/{id}',
    params: ['ref', 'id'],
    paramSchemas: { id: ApiKeyIdParam },
    query: ApiKeyRevealQuery,
    response: ApiKeyResponse,
    description: 'Revokes a key: it stops working at once',
  },
} as const satisfies Record<string, RouteDefinition>
