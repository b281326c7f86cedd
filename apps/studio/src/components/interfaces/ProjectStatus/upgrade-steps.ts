import { UPGRADE_PROGRESS, type UpgradeStatus } from '@pgfleet/contracts'
import { UPGRADE_SHOWN_STEPS } from './project-status.constants'

export type ShownStepState = 'done' | 'running' | 'failed' | 'pending'

export interface ShownStep {
  label: string
  state: ShownStepState
  /** ms spent on it so far (done or running); null while pending */
  elapsedMs: number | null
}

/**
 * The eight shown steps from the progress keys reached: step i is done once key i+1 is ('started' opens the
 * first). The step after the last done one is running, or failed when the upgrade failed.
 */
export function shownSteps(status: Pick<UpgradeStatus, 'steps' | 'status' | 'initiated_at'>, now: number): ShownStep[] {
  const reached = new Map(status.steps.map((step) => [step.key, Date.parse(step.at)]))
  const startOf = (index: number) => reached.get(UPGRADE_PROGRESS[index] ?? '') ?? null
  let current = true
  return UPGRADE_SHOWN_STEPS.map((label, index) => {
    const begun = index === 0 ? (startOf(0) ?? Date.parse(status.initiated_at)) : startOf(index)
    const finished = startOf(index + 1)
    if (finished !== null && begun !== null) return { label, state: 'done', elapsedMs: finished - begun }
    if (current && begun !== null && status.status !== 'Upgraded') {
      current = false
      return { label, state: status.status === 'Failed' ? 'failed' : 'running', elapsedMs: Math.max(0, now - begun) }
    }
    return { label, state: 'pending', elapsedMs: null }
  })
}

/** What is left, from the average done step: null until one is done. */
export function estimatedRemainingMs(steps: readonly ShownStep[]): number | null {
  const done = steps.filter((step) => step.state === 'done')
  if (done.length === 0) return null
  const average = done.reduce((sum, step) => sum + (step.elapsedMs ?? 0), 0) / done.length
  const running = steps.find((step) => step.state === 'running')
  const pending = steps.filter((step) => step.state === 'pending').length
  return Math.max(0, pending * average + (running ? Math.max(0, average - (running.elapsedMs ?? 0)) : 0))
}

export function formatElapsed(ms: number): string {
  const seconds = ms / 1000
  return seconds < 10
    ? `${seconds.toFixed(1)} s`
    : seconds < 120
      ? `${Math.round(seconds)} s`
      : `${Math.round(seconds / 60)} min`
}
