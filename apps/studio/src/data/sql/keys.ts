export const sqlKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'sql'] as const,
  settings: (ref: string | undefined) => [...sqlKeys.all(ref), 'settings'] as const,
}
