export const apiKeysKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'api-keys'] as const,
  list: (ref: string | undefined) => [...apiKeysKeys.all(ref), 'list'] as const,
  revealed: (ref: string | undefined, id: string) => [...apiKeysKeys.all(ref), 'revealed', id] as const,
  legacyStatus: (ref: string | undefined) => [...apiKeysKeys.all(ref), 'legacy'] as const,
}
