import { PermissionAction, PermissionResource, StartUpgradeBody, UpgradeStatusQuery } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { getProjectForUser } from '../projects/service'
import { startUpgrade, upgradeEligibility, upgradeStatus } from '../projects/upgrade-service'
import { RefParams } from './projects'

const UPGRADE_DENIED = 'You need additional permissions to upgrade this project'

/** Major upgrades: eligibility, start (a durable job) and status by tracking id. */
export function projectUpgradeRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest) {
    const { ref } = parseInput(RefParams, request.params)
    const userId = requireAuth(request).userId
    return { ...(await getProjectForUser(ctx, userId, ref)), userId }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /v1/projects/{ref}/upgrade/eligibility', async ({ request }) => {
      const { row } = await projectOf(request)
      return upgradeEligibility(ctx, row)
    })

    serve(app, 'POST /v1/projects/{ref}/upgrade', async ({ request }) => {
      const { row, membership, userId } = await projectOf(request)
      assertCan(membership, PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_OPERATION_JOBS, UPGRADE_DENIED)
      return startUpgrade(ctx, row, parseInput(StartUpgradeBody, request.body), userId)
    })

    serve(app, 'GET /v1/projects/{ref}/upgrade/status', async ({ request }) => {
      const { row } = await projectOf(request)
      const { tracking_id: trackingId } = parseInput(UpgradeStatusQuery, request.query)
      return upgradeStatus(ctx, row, trackingId)
    })
  }
}
