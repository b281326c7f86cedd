import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { startUpgrade, upgradeEligibility, upgradeStatus } from '../control/upgrade/upgrade-service'
import { type CallWithParams, serve } from '../http/typed-routes'

const UPGRADE_DENIED = 'You need additional permissions to upgrade this project'

/** Major upgrades: eligibility, start (a durable job) and status by tracking id. */
export function projectUpgradeRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>) {
    const { ref } = params
    const userId = requireAuth(request).userId
    return { ...(await getProjectForUser(ctx, userId, ref)), userId }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /v1/projects/{ref}/upgrade/eligibility', async (call) => {
      const { row } = await projectOf(call)
      return upgradeEligibility(ctx, row)
    })

    serve(app, 'POST /v1/projects/{ref}/upgrade', async (call) => {
      const { row, membership, userId } = await projectOf(call)
      assertCan(membership, PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_OPERATION_JOBS, UPGRADE_DENIED)
      return startUpgrade(ctx, row, call.body, userId)
    })

    serve(app, 'GET /v1/projects/{ref}/upgrade/status', async (call) => {
      const { row } = await projectOf(call)
      const { tracking_id: trackingId } = call.query
      return upgradeStatus(ctx, row, trackingId)
    })
  }
}
