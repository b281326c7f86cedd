import type { AppContext } from '../../../context'
import type { ProjectRow } from '../../../db/types'
import type { JobAttempt } from '../../../jobs/queue'
import { finishOperation, type OperationJobData, recordStep } from '../operations'
import { type ProjectOperation, TRANSITIONS } from '../state-machine'
import { setProjectStatus } from '../status'

export type StepReporter = (step: string, progress?: number) => Promise<void>

/** What an operation's job does; it must be safe to run again after a crash at any point. */
export type OperationBody = (project: ProjectRow, report: StepReporter) => Promise<void>

export type FailureHandler = (project: ProjectRow, error: Error) => Promise<void>

/**
 * The shared frame of every lifecycle job: skip if the project is no longer in the operation's status
 * (a duplicate run after recovery), record steps, and on the last failed attempt move the project to
 * the operation's failure status with a message the dashboard can show.
 */
export function operationHandler(
  ctx: AppContext,
  operation: ProjectOperation,
  body: OperationBody,
  onFinalFailure?: FailureHandler,
) {
  const transition = TRANSITIONS[operation]
  return async ({ ref, operationId }: OperationJobData, { isFinalAttempt }: JobAttempt): Promise<void> => {
    const project = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirst()
    if (project?.status !== transition.during) {
      await finishOperation(ctx, operationId, 'skipped')
      return
    }
    const report: StepReporter = (step, progress) => recordStep(ctx, operationId, step, progress)
    try {
      await body(project, report)
      await finishOperation(ctx, operationId, 'completed')
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error))
      if (!isFinalAttempt) {
        await recordStep(ctx, operationId, `failed, retrying: ${err.message}`)
        throw err
      }
      await finishOperation(ctx, operationId, 'failed', err.message)
      try {
        await onFinalFailure?.(project, err)
      } finally {
        const current = await ctx.db.selectFrom('projects').select('status').where('ref', '=', ref).executeTakeFirst()
        if (current?.status === transition.during) await setProjectStatus(ctx.db, ref, transition.failure, err.message)
      }
      throw err
    }
  }
}
