import { repositoryDisplayName } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import {
  assertCanManageBranching,
  createGitConnection,
  deleteGitConnection,
  gitConnectionForUser,
  gitOptions,
  listGitConnections,
  remoteOf,
} from '../control/branching/connections'
import { findRemoteBranch, GitError } from '../control/branching/git'
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
} from '../control/branching/service'
import { getProjectForUser } from '../control/projects/service'
import { HttpError, notFound } from '../errors'
import { type CallWithParams, serve } from '../http/typed-routes'

/** Git connections, the branch check, enabling branching and preview branches. */
export function branchingRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>) {
    const { ref } = params
    const userId = requireAuth(request).userId
    return { userId, ...(await getProjectForUser(ctx, userId, ref)) }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/git-connections', async (call) =>
      listGitConnections(ctx, (await projectOf(call)).row),
    )

    serve(app, 'POST /platform/projects/{ref}/git-connections', async (call) => {
      const { row, membership, userId } = await projectOf(call)
      assertCanManageBranching(membership)
      const body = call.body
      call.reply.status(201)
      return await createGitConnection(ctx, row, userId, body)
    })

    serve(app, 'DELETE /platform/projects/{ref}/git-connections/{id}', async (call) => {
      const { row, membership } = await projectOf(call)
      assertCanManageBranching(membership)
      const { id } = call.params
      await deleteGitConnection(ctx, row, id)
      return {}
    })

    serve(
      app,
      'GET /platform/integrations/github/branches/{connectionId}/{branchName}',
      async ({ request, params }) => {
        const userId = requireAuth(request).userId
        const { connectionId, branchName } = params
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
      },
    )

    serve(app, 'GET /platform/projects/{ref}/branching', async (call) => branchingSettings((await projectOf(call)).row))

    serve(app, 'PUT /platform/projects/{ref}/branching', async (call) => {
      const { row, membership } = await projectOf(call)
      return enableBranching(ctx, membership, row, call.body)
    })

    serve(app, 'GET /v1/projects/{ref}/branches', async (call) => listBranches(ctx, (await projectOf(call)).row))

    serve(app, 'POST /v1/projects/{ref}/branches', async (call) => {
      const { row, membership, userId } = await projectOf(call)
      const body = call.body
      call.reply.status(201)
      return await createBranch(ctx, membership, userId, row, body)
    })

    const branchOf = async (call: CallWithParams<{ ref: string; branchId: string }>) => {
      const project = await projectOf(call)
      const { branchId } = call.params
      return { ...project, branchId }
    }

    serve(app, 'GET /v1/projects/{ref}/branches/{branchId}', async (call) => {
      const { row, branchId } = await branchOf(call)
      return toBranch(await getBranch(ctx, row, branchId))
    })

    serve(app, 'DELETE /v1/projects/{ref}/branches/{branchId}', async (call) => {
      const { row, membership, userId, branchId } = await branchOf(call)
      return deleteBranch(ctx, membership, userId, row, branchId)
    })

    serve(app, 'POST /v1/projects/{ref}/branches/{branchId}/reset', async (call) => {
      const { row, membership, userId, branchId } = await branchOf(call)
      return resetBranch(ctx, membership, userId, row, branchId)
    })

    serve(app, 'POST /v1/projects/{ref}/branches/{branchId}/pull', async (call) => {
      const { row, membership, branchId } = await branchOf(call)
      return pullBranch(ctx, membership, row, branchId)
    })
  }
}
