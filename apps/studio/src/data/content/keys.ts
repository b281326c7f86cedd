export const contentKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'content'] as const,
  snippets: (ref: string | undefined) => [...contentKeys.all(ref), 'snippets'] as const,
  snippet: (ref: string | undefined, id: string | undefined) => [...contentKeys.all(ref), 'snippet', id] as const,
  folders: (ref: string | undefined) => [...contentKeys.all(ref), 'folders'] as const,
  reports: (ref: string | undefined) => [...contentKeys.all(ref), 'reports'] as const,
  report: (ref: string | undefined, id: string | undefined) => [...contentKeys.all(ref), 'report', id] as const,
}
