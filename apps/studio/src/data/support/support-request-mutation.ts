import type { CreateSupportRequestBody, SupportRequest } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { supportKeys } from './keys'

export async function sendSupportRequest(body: CreateSupportRequestBody) {
  return api('POST /platform/feedback/send', { body })
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
