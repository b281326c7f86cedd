import type { CloneResult } from '../backup/types'

/** Copies of a running project's data for another project (a preview branch with data). */
export interface ProjectCopyDriver {
  /**
   * Copies a running project's data to a project that has none yet (a branch with data); createProject then
   * adopts it. Null when the target already has its data (a retry).
   */
  cloneProjectData(sourceRef: string, targetRef: string): Promise<CloneResult | null>
}
