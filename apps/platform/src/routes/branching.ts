import {
  BranchParams,
  CreateBranchBody,
  CreateGitConnectionBody,
  EnableBranchingBody,
  GitBranchCheckParams,
  GitConnectionParams,
  repositoryDisplayName,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import {
  assertCanManageBranching,
  createGitConnection,
  deleteGitConnection,
  gitConnectionForUser,
  gitOptions,
  listGitConnections,
  remoteOf,
} from '../branching/connections'
import { findRemoteBranch, GitError } from '../branching/git'
import {
  branchingSettings,
  createBranch,
  deleteBranch,
  enableBranching,
  getBranch,
  listBranches,
  pullBranch,
  resetBranch,
  toBranch,
} from '../branching/service'
import type { AppContext } from '../context'
import { HttpError, notFound, parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { getProjectForUser } from '../projects/service'
import { RefParams } from './projects'

/** Git connections, the branch check, enabling branching and preview branches. */
export function branchingRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest) {
    const { ref } = parseInput(RefParams, request.params)
    const userId = requireAuth(request).userId
    return { userId, ...(await getProjectForUser(ctx, userId, ref)) }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/git-connections', async ({ request }) =>
      listGitConnections(ctx, (await projectOf(request)).row),
    )

    serve(app, 'POST /platform/projects/{ref}/git-connections', async ({ request, reply }) => {
      const { row, membership, userId } = await projectOf(request)
      assertCanManageBranching(membership)
      const body = parseInput(CreateGitConnectionBody, request.body)
      reply.status(201)
      return await createGitConnection(ctx, row, userId, body)
    })

    serve(app, 'DELETE /platform/projects/{ref}/git-connections/{id}', async ({ request }) => {
      const { row, membership } = await projectOf(request)
      assertCanManageBranching(membership)
      const { id } = parseInput(GitConnectionParams, request.params)
      await deleteGitConnection(ctx, row, id)
      return {}
    })

    serve(app, 'GET /platform/integrations/github/branches/{connectionId}/{branchName}', async ({ request }) => {
      const userId = requireAuth(request).userId
      const { connectionId, branchName } = parseInput(GitBranchCheckParams, request.params)
      const { row } = await gitConnectionForUser(ctx, userId, connectionId)
      let sha: string | null
      try {
        sha = await findRemoteBranch(await remoteOf(ctx, row), branchName, gitOptions(ctx))
      } catch (error) {
        // the repository could not be asked: a 502 with git's reason, shown as 'Failed to check Github branch'
        if (error instanceof GitError) throw new HttpError(502, error.message)
        throw error
      }
      if (sha === null) {
        throw notFound(`Unable to find branch ${branchName} in ${repositoryDisplayName(row.repository_url)}`)
      }
      return { name: branchName, commit_sha: sha }
    })

    serve(app, 'GET /platform/projects/{ref}/branching', async ({ request }) =>
      branchingSettings((await projectOf(request)).row),
    )

    serve(app, 'PUT /platform/projects/{ref}/branching', async ({ request }) => {
      const { row, membership } = await projectOf(request)
      const body = parseInput(EnableBranchingBody, request.body)
      return enableBranching(ctx, membership, row, body)
    })

    serve(app, 'GET /v1/projects/{ref}/branches', async ({ request }) =>
      listBranches(ctx, (await projectOf(request)).row),
    )

    serve(app, 'POST /v1/projects/{ref}/branches', async ({ request, reply }) => {
      const { row, membership, userId } = await projectOf(request)
      const body = parseInput(CreateBranchBody, request.body)
      reply.status(201)
      return await createBranch(ctx, membership, userId, row, body)
    })

    const branchOf = async (request: FastifyRequest) => {
      const project = await projectOf(request)
      const { branchId } = parseInput(BranchParams, request.params)
      return { ...project, branchId }
    }

    serve(app, 'GET /v1/projects/{ref}/branches/{branchId}', async ({ request }) => {
      const { row, branchId } = await branchOf(request)
      return toBranch(await getBranch(ctx, row, branchId))
    })

    serve(app, 'DELETE /v1/projects/{ref}/branches/{branchId}', async ({ request }) => {
      const { row, membership, userId, branchId } = await branchOf(request)
      return deleteBranch(ctx, membership, userId, row, branchId)
    })

    serve(app, 'POST /v1/projects/{ref}/branches/{branchId}/reset', async ({ request }) => {
      const { row, membership, userId, branchId } = await branchOf(request)
      return resetBranch(ctx, membership, userId, row, branchId)
    })

    serve(app, 'POST /v1/projects/{ref}/branches/{branchId}/pull', async ({ request }) => {
      const { row, membership, branchId } = await branchOf(request)
      return pullBranch(ctx, membership, row, branchId)
    })
  }
}
