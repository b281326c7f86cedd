import type { ApiDocsSectionId } from './api-docs.constants'

/** The section shown in the API docs, and the table, view or function picked in it. */
export type Selection = { section: ApiDocsSectionId; item?: string }
