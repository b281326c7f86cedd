import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './fetcher'

const MAX_QUERY_RETRIES = 2

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; network errors and 5xx might.
        retry: (failureCount, error) =>
          failureCount < MAX_QUERY_RETRIES && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  })
}
