import type { RoleName } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import { getProjectForUser } from '../projects/service'

/** Who asks, in which project, with which role: what every content rule needs. */
export interface ContentCaller {
  userId: number
  projectId: number
  role: RoleName
}

/** Non-members get the project's 404, so refs do not leak. */
export async function contentCaller(ctx: AppContext, userId: number, ref: string): Promise<ContentCaller> {
  const { row, membership } = await getProjectForUser(ctx, userId, ref)
  return { userId, projectId: row.id, role: membership.role }
}
