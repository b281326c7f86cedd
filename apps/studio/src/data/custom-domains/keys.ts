export const customDomainKeys = {
  hostname: (ref: string | undefined) => ['projects', ref, 'custom-hostname'] as const,
}
