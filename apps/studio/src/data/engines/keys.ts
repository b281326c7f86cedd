export const engineKeys = {
  all: ['engines'] as const,
  list: () => [...engineKeys.all, 'list'] as const,
}
