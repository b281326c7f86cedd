import { z } from 'zod'
import { ProjectAuthConfigPatch } from '../project-auth-config'
import type { RouteDefinition } from './define'

/** A project's auth server settings, in the hosted Management API's shape. */
export const projectAuthApiRoutes = {
  'GET /v1/projects/{ref}/config/auth': {
    method: 'GET',
    path: '/v1/projects/{ref}/config/auth',
    params: ['ref'],
    response: z.record(z.string(), z.unknown()),
    description: "The project's auth settings, every field (secrets masked)",
  },
  'PATCH /v1/projects/{ref}/config/auth': {
    method: 'PATCH',
    path: '/v1/projects/{ref}/config/auth',
    params: ['ref'],
    body: ProjectAuthConfigPatch,
    response: z.record(z.string(), z.unknown()),
    description:
      'Changes auth settings; accepts the object GET answered. An unsupported hosted field is refused (400, named) unless at its default',
  },
} as const satisfies Record<string, RouteDefinition>
