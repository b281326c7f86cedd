export const authConfigKeys = {
  config: (ref: string | undefined) => ['projects', ref, 'auth-config'] as const,
}
