export const edgeFunctionKeys = {
  all: ['edge-functions'] as const,
  list: (ref: string | undefined) => [...edgeFunctionKeys.all, ref, 'list'] as const,
  detail: (ref: string | undefined, slug: string | undefined) =>
    [...edgeFunctionKeys.all, ref, 'detail', slug] as const,
  network: (ref: string | undefined) => [...edgeFunctionKeys.all, ref, 'network'] as const,
}
