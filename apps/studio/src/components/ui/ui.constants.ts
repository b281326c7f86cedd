export const COPY_LABEL = 'Copy'
export const COPIED_LABEL = 'Copied'
/** How long a copy button keeps saying 'Copied'. */
export const COPIED_RESET_MS = 2000
export const COPY_FAILED_MESSAGE = 'Unable to copy to clipboard'
export const TYPE_TO_CONFIRM_MISMATCH_MESSAGE = 'Value entered does not match'
export const RETRY_LABEL = 'Try again'
