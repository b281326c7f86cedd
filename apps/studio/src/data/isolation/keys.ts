export const isolationKeys = {
  all: ['isolation'] as const,
  platform: () => [...isolationKeys.all, 'platform'] as const,
}
