export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (ref: string | undefined) => [...projectKeys.all, 'detail', ref] as const,
  status: (ref: string | undefined) => [...projectKeys.all, 'status', ref] as const,
}
