import { z } from 'zod'
import {
  Branch,
  BranchingSettings,
  CreateBranchBody,
  CreateGitConnectionBody,
  EnableBranchingBody,
  GitBranchCheck,
  GitConnection,
} from '../branching'
import { EmptyResponse, type RouteDefinition } from './define'

/** Git connections, the branch check, enabling branching and preview branches. */
export const branchingApiRoutes = {
  'GET /platform/projects/{ref}/git-connections': {
    method: 'GET',
    path: '/platform/projects/{ref}/git-connections',
    params: ['ref'],
    response: z.array(GitConnection),
    description: "The project's git repositories, shown as owner/repo (tokens are never answered)",
  },
  'POST /platform/projects/{ref}/git-connections': {
    method: 'POST',
    path: '/platform/projects/{ref}/git-connections',
    params: ['ref'],
    body: CreateGitConnectionBody,
    response: GitConnection,
    description:
      'Connects a repository (https, ssh or file URL; an optional token, stored encrypted); Owner or Administrator',
  },
  'DELETE /platform/projects/{ref}/git-connections/{id}': {
    method: 'DELETE',
    path: '/platform/projects/{ref}/git-connections/{id}',
    params: ['ref', 'id'],
    response: EmptyResponse,
    description: 'Removes a git connection; Owner or Administrator',
  },
  'GET /platform/integrations/github/branches/{connectionId}/{branchName}': {
    method: 'GET',
    path: '/platform/integrations/github/branches/{connectionId}/{branchName}',
    params: ['connectionId', 'branchName'],
    response: GitBranchCheck,
    description: "Checks that the connection's repository has the branch (404 when not, 502 when git fails)",
  },
  'GET /platform/projects/{ref}/branching': {
    method: 'GET',
    path: '/platform/projects/{ref}/branching',
    params: ['ref'],
    response: BranchingSettings,
    description: 'Whether branching is enabled, with which git connection and production branch',
  },
  'PUT /platform/projects/{ref}/branching': {
    method: 'PUT',
    path: '/platform/projects/{ref}/branching',
    params: ['ref'],
    body: EnableBranchingBody,
    response: BranchingSettings,
    description: 'Enables branching (paid plan, Postgres 15+, an existing git branch); Owner or Administrator',
  },
  'GET /v1/projects/{ref}/branches': {
    method: 'GET',
    path: '/v1/projects/{ref}/branches',
    params: ['ref'],
    response: z.array(Branch),
    description: "The project's preview branches, each a project of its own",
  },
  'POST /v1/projects/{ref}/branches': {
    method: 'POST',
    path: '/v1/projects/{ref}/branches',
    params: ['ref'],
    body: CreateBranchBody,
    response: Branch,
    description: "Creates a preview branch (a new project) built from the git branch's migrations and seed (201)",
  },
  'GET /v1/projects/{ref}/branches/{branchId}': {
    method: 'GET',
    path: '/v1/projects/{ref}/branches/{branchId}',
    params: ['ref', 'branchId'],
    response: Branch,
    description: 'One preview branch, with its status and the failing migration when it failed',
  },
  'DELETE /v1/projects/{ref}/branches/{branchId}': {
    method: 'DELETE',
    path: '/v1/projects/{ref}/branches/{branchId}',
    params: ['ref', 'branchId'],
    response: Branch,
    description: "Deletes the branch's project; Owner or Administrator",
  },
  'POST /v1/projects/{ref}/branches/{branchId}/reset': {
    method: 'POST',
    path: '/v1/projects/{ref}/branches/{branchId}/reset',
    params: ['ref', 'branchId'],
    response: Branch,
    description: 'Re-creates the branch on an empty database and runs every migration and the seed again',
  },
  'POST /v1/projects/{ref}/branches/{branchId}/pull': {
    method: 'POST',
    path: '/v1/projects/{ref}/branches/{branchId}/pull',
    params: ['ref', 'branchId'],
    response: Branch,
    description: "Applies the git branch's migrations that the branch has not applied yet",
  },
} as const satisfies Record<string, RouteDefinition>
