export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (ref: string | undefined) => [...projectKeys.all, 'detail', ref] as const,
  status: (ref: string | undefined) => [...projectKeys.all, 'status', ref] as const,
  restAvailability: (ref: string | undefined) => [...projectKeys.all, 'rest-availability', ref] as const,
  pauseStatus: (ref: string | undefined) => [...projectKeys.all, 'pause-status', ref] as const,
  restoreVersions: (ref: string | undefined) => [...projectKeys.all, 'restore-versions', ref] as const,
  computeSizes: () => [...projectKeys.all, 'compute-sizes'] as const,
  infrastructure: (ref: string | undefined) => [...projectKeys.all, 'infrastructure', ref] as const,
  upgradeEligibility: (ref: string | undefined) => [...projectKeys.all, 'upgrade-eligibility', ref] as const,
  upgradeStatus: (ref: string | undefined) => [...projectKeys.all, 'upgrade-status', ref] as const,
}
