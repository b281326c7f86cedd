export const supportKeys = {
  all: ['support'] as const,
  requests: (slug: string | undefined) => [...supportKeys.all, 'requests', slug] as const,
}
