import { TYPE_TO_CONFIRM_MISMATCH_MESSAGE } from '../../ui/ui.constants'

/** The project deletion dialog. */
export const DELETE_PROJECT_LABEL = 'Delete project'
export const DELETE_DIALOG_TITLE = (name: string) => `Confirm deletion of ${name}`
export const DELETE_DIALOG_DESCRIPTION =
  'The project is deleted together with its database, all of its data and its backups. This cannot be undone.'
export const CONFIRM_NAME_LABEL = 'Type the project name to confirm'
export const CONFIRM_NAME_HINT = (name: string) => `Enter “${name}” exactly as shown.`
export const NAME_MISMATCH_MESSAGE = TYPE_TO_CONFIRM_MISMATCH_MESSAGE
export const CONFIRM_DELETE_LABEL = 'I understand, delete this project'
export const CANCEL_LABEL = 'Cancel'

/** Paid plans say why they leave; the free plan is not asked. */
export const REASONS_LEGEND = 'Why are you deleting this project?'
export const REASONS_REQUIRED_MESSAGE = 'Please select at least one reason for deleting your project'
export const EXIT_REASONS = [
  'It was a test or a learning project',
  'I am moving to another Postgres provider',
  'It costs too much',
  'Performance was not good enough',
  'A feature I need is missing',
  'The dashboard or the API was hard to use',
  'I am merging it into another project',
  'Something else',
] as const
export const FEEDBACK_LABEL = 'Anything else that we can improve on?'
export const FEEDBACK_MAX_LENGTH = 10_000

export const DELETE_SUCCESS_MESSAGE = (name: string) => `Successfully deleted ${name}`
export const DELETE_FAILED_MESSAGE = (message: string) => `Failed to delete project: ${message}`
export const FEEDBACK_FAILED_MESSAGE = (message: string) =>
  `The project is being deleted, but your feedback could not be sent: ${message}`
export const DELETE_PERMISSION_TOOLTIP = 'You need additional permissions to delete this project'

export const DELETES_BRANCHES_TOO = (names: string[]) =>
  `Its ${names.length === 1 ? 'preview branch is' : `${names.length} preview branches are`} deleted with it, data included: ${names.join(', ')}.`
