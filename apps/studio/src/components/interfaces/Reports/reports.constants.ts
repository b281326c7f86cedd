export const REPORTS_TITLE = 'Reports'
export const REPORTS_DESCRIPTION = 'Your saved queries as cards: run them, and switch each between a table and a chart.'
export const SAVED_QUERIES_TITLE = 'Saved queries'
export const NO_SAVED_QUERIES = 'No saved queries yet. Queries you save in the SQL editor show here as cards.'
export const NEW_REPORT_LABEL = 'New report'
export const NEW_REPORT_NAME = 'Untitled report'
export const NEW_REPORT_DIALOG_TITLE = 'New report'
export const CREATE_REPORT_LABEL = 'Create report'
export const REPORT_NAME_REQUIRED = 'Give the report a name'
export const REPORT_NAME_TOO_LONG = (max: number) => `A report name must be at most ${max} characters`
export const ADD_TO_REPORT_LABEL = 'Add to report'
export const REPORT_NAME_LABEL = 'Report name'
export const YOUR_REPORTS_TITLE = 'Your reports'
export const NO_REPORTS = 'No reports yet.'
export const DROP_CARD_HINT = 'Drop query cards here'
export const REPORT_EMPTY = 'This report has no cards yet. Add saved queries from the list below.'
export const REPORT_NOT_FOUND_TITLE = 'Report not found'
export const REPORT_NOT_FOUND_DESCRIPTION =
  'There is no report with this id in the project: it may have been deleted, or it is private to another member. New reports are made with New report on the reports page.'
export const REMOVE_CARD_LABEL = 'Remove'
export const DELETE_REPORT_LABEL = 'Delete report'
export const BACK_TO_REPORTS_LABEL = 'All reports'
export const CARD_ADDED_MESSAGE = (report: string) => `Added to ${report}`
export const REPORT_SAVE_FAILED = (message: string) => `Failed to save report: ${message}`
export const REPORT_CREATE_FAILED = (message: string) => `Failed to create report: ${message}`
export const REPORT_DELETE_FAILED = (message: string) => `Failed to delete report: ${message}`
export const REPORT_VISIBILITY_LABEL = 'Visible to'
export const REPORT_VISIBILITY_OPTIONS = { user: 'Only me', project: 'Project members' } as const
export const REPORT_READ_ONLY_NOTICE = (owner: string) => `Shared by ${owner}. Only they can change this report.`
export const REPORT_CREATE_FORBIDDEN_NOTICE = 'You need additional permissions to create reports in this project'
/** Saved queries shown as cards at first (newest first), then this many more per click. */
export const SAVED_CARDS_PAGE_SIZE = 24
export const SHOW_MORE_CARDS = (remaining: number) => `Show more (${remaining} more)`

export const QUERY_PERFORMANCE_TITLE = 'Query performance'
export const SLOWEST_QUERIES_TITLE = 'Slowest queries (mean time)'
export const MOST_FREQUENT_QUERIES_TITLE = 'Most frequent queries'
export const NO_STATEMENTS_YET = 'No statements recorded yet.'
export const QUERY_PERFORMANCE_HEADERS = ['Query', 'Role', 'Calls', 'Mean', 'Total', 'Rows'] as const
