import { useMutation } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'

export async function logout() {
  return fetcher<Record<string, never>>('/platform/auth/logout', { method: 'POST' })
}

/** The caller clears the cache after leaving the signed-in pages, so they do not refetch on the way out. */
export function useLogoutMutation(options: MutationOptions<Record<string, never>, void> = {}) {
  return useMutation({ ...options, mutationFn: logout })
}
