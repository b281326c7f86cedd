export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  list: () => [...accessTokenKeys.all, 'list'] as const,
}
