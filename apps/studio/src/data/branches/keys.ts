export const branchKeys = {
  all: ['branches'] as const,
  list: (ref: string | undefined) => [...branchKeys.all, 'list', ref] as const,
  settings: (ref: string | undefined) => [...branchKeys.all, 'settings', ref] as const,
  connections: (ref: string | undefined) => [...branchKeys.all, 'git-connections', ref] as const,
}
