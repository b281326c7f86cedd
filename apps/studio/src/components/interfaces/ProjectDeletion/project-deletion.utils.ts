import type { ExitFeedbackBody, PlanId, Project } from '@pgfleet/contracts'
import { NAME_MISMATCH_MESSAGE, REASONS_REQUIRED_MESSAGE } from './project-deletion.constants'

/** Paid plans give a reason for leaving; the free plan does not. Unknown (still loading) asks for none. */
export function requiresExitFeedback(planId: PlanId | undefined): boolean {
  return planId !== undefined && planId !== 'free'
}

export type DeletionErrors = { name?: string; reasons?: string }

/** The typed text equals the project name exactly; paid plans pick at least one reason. */
export function validateProjectDeletion({
  typedName,
  projectName,
  reasons,
  requiresReasons,
}: {
  typedName: string
  projectName: string
  reasons: readonly string[]
  requiresReasons: boolean
}): DeletionErrors {
  const errors: DeletionErrors = {}
  if (typedName !== projectName) errors.name = NAME_MISMATCH_MESSAGE
  if (requiresReasons && reasons.length === 0) errors.reasons = REASONS_REQUIRED_MESSAGE
  return errors
}

export function hasDeletionErrors(errors: DeletionErrors): boolean {
  return Boolean(errors.name || errors.reasons)
}

/** Adds or removes a reason, keeping the order in which they are listed. */
export function toggleReason(
  selected: readonly string[],
  reason: string,
  checked: boolean,
  order: readonly string[],
): string[] {
  const next = new Set(selected)
  if (checked) next.add(reason)
  else next.delete(reason)
  return order.filter((item) => next.has(item))
}

export function buildExitFeedback({
  project,
  reasons,
  message,
}: {
  project: Pick<Project, 'ref' | 'organization_slug'>
  reasons: readonly string[]
  message: string
}): ExitFeedbackBody {
  return {
    project_ref: project.ref,
    organization_slug: project.organization_slug,
    message: message.trim(),
    reasons: [...reasons],
    exitAction: 'delete',
  }
}
