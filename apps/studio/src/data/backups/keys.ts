export const backupKeys = {
  all: ['backups'] as const,
  downloadable: (ref: string | undefined) => [...backupKeys.all, 'downloadable', ref] as const,
}
