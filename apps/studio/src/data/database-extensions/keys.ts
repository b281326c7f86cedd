export const databaseExtensionKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'database-extensions'] as const,
  list: (ref: string | undefined) => [...databaseExtensionKeys.all(ref), 'list'] as const,
}
