export const NOT_FOUND_TITLE = 'Page not found'
export const NOT_FOUND_DESCRIPTION = 'There is no page at this address. It may have moved, or the link may be wrong.'
export const NOT_FOUND_HOME_LABEL = 'Go to projects'
