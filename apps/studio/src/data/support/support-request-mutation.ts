import type { CreateSupportRequestBody, SupportRequest } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { supportKeys } from './keys'

export async function sendSupportRequest(body: CreateSupportRequestBody) {
  return fetcher<SupportRequest>('/platform/feedback/send', { method: 'POST', body })
}

export function useSupportRequestMutation(options: MutationOptions<SupportRequest, CreateSupportRequestBody> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: sendSupportRequest,
    onSuccess: (request, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.requests(request.organization_slug) })
      return options.onSuccess?.(request, ...rest)
    },
  })
}
