import { z } from 'zod'
import { ProjectAuthConfigPatch } from '../project-auth-config'
import {
  AuthEmailSentResponse,
  AuthUser,
  AuthUserDetailsResponse,
  AuthUserEmailBody,
  AuthUserParams,
  CreateAuthUserBody,
  ListAuthUsersQuery,
  ListAuthUsersResponse,
  UpdateAuthUserBody,
} from '../project-auth-users'
import { MessageResponse, type RouteDefinition } from './define'

/**
 * A project's auth server settings, in the hosted Management API's shape, and the dashboard's Users page: every
 * member reads users; creating, emailing, banning, signing out and deleting need update on auth.
 */
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
  'GET /platform/auth/{ref}/users': {
    method: 'GET',
    path: '/platform/auth/{ref}/users',
    params: ['ref'],
    query: ListAuthUsersQuery,
    response: ListAuthUsersResponse,
    description:
      "One page of the project's auth users: search (start of an email, phone or id), filter, provider, sort; pages by cursor",
  },
  'POST /platform/auth/{ref}/users': {
    method: 'POST',
    path: '/platform/auth/{ref}/users',
    params: ['ref'],
    body: CreateAuthUserBody,
    response: AuthUser,
    description: 'Creates a user with a password, confirmed at once unless auto_confirm is false',
  },
  'GET /platform/auth/{ref}/users/{id}': {
    method: 'GET',
    path: '/platform/auth/{ref}/users/{id}',
    params: ['ref', 'id'],
    paramSchemas: AuthUserParams.shape,
    response: AuthUserDetailsResponse,
    description: 'One user with its identities and sessions',
  },
  'PATCH /platform/auth/{ref}/users/{id}': {
    method: 'PATCH',
    path: '/platform/auth/{ref}/users/{id}',
    params: ['ref', 'id'],
    paramSchemas: AuthUserParams.shape,
    body: UpdateAuthUserBody,
    response: AuthUser,
    description: 'Bans a user for a duration (its sessions end at once), or lifts the ban with none',
  },
  'DELETE /platform/auth/{ref}/users/{id}': {
    method: 'DELETE',
    path: '/platform/auth/{ref}/users/{id}',
    params: ['ref', 'id'],
    paramSchemas: AuthUserParams.shape,
    response: MessageResponse,
    description: 'Deletes a user with its identities and sessions (409 when rows of yours still reference it)',
  },
  'DELETE /platform/auth/{ref}/users/{id}/sessions': {
    method: 'DELETE',
    path: '/platform/auth/{ref}/users/{id}/sessions',
    params: ['ref', 'id'],
    paramSchemas: AuthUserParams.shape,
    response: MessageResponse,
    description: 'Signs a user out everywhere: ends every session and its refresh tokens',
  },
  'POST /platform/auth/{ref}/invite': {
    method: 'POST',
    path: '/platform/auth/{ref}/invite',
    params: ['ref'],
    body: AuthUserEmailBody,
    response: AuthEmailSentResponse,
    description: 'Invites a new user by email (fails, creating no user, when email cannot be sent)',
  },
  'POST /platform/auth/{ref}/magiclink': {
    method: 'POST',
    path: '/platform/auth/{ref}/magiclink',
    params: ['ref'],
    body: AuthUserEmailBody,
    response: AuthEmailSentResponse,
    description: 'Emails a sign-in link to an existing user',
  },
  'POST /platform/auth/{ref}/recover': {
    method: 'POST',
    path: '/platform/auth/{ref}/recover',
    params: ['ref'],
    body: AuthUserEmailBody,
    response: AuthEmailSentResponse,
    description: 'Emails a password recovery link to an existing user',
  },
} as const satisfies Record<string, RouteDefinition>
