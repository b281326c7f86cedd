export const configKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'config'] as const,
  settings: (ref: string | undefined) => [...configKeys.all(ref), 'settings'] as const,
  postgrest: (ref: string | undefined) => [...configKeys.all(ref), 'postgrest'] as const,
  jwtSecretUpdateStatus: (ref: string | undefined) => [...configKeys.all(ref), 'jwt-secret-update-status'] as const,
  restDescription: (ref: string | undefined) => [...configKeys.all(ref), 'api-rest'] as const,
  sqlSettings: (ref: string | undefined) => [...configKeys.all(ref), 'sql-settings'] as const,
}
