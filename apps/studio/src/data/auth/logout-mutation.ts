import type { EmptyResponse } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export async function logout() {
  return api('POST /platform/auth/logout')
}

/** The caller clears the cache after leaving the signed-in pages, so they do not refetch on the way out. */
export function useLogoutMutation(options: MutationOptions<EmptyResponse, void> = {}) {
  return useMutation({ ...options, mutationFn: logout })
}
