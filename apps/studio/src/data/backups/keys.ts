export const backupKeys = {
  all: ['backups'] as const,
  downloadable: (ref: string | undefined) => [...backupKeys.all, 'downloadable', ref] as const,
  schedule: (ref: string | undefined) => [...backupKeys.all, 'schedule', ref] as const,
  pitr: (ref: string | undefined) => [...backupKeys.all, 'pitr', ref] as const,
}
