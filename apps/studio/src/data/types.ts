import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query'

/** Options a query hook lets its caller set; the key and the fetcher belong to the hook. */
export type QueryOptions<TData> = Omit<UseQueryOptions<TData, Error, TData>, 'queryKey' | 'queryFn'>

/** Options a mutation hook lets its caller set; the hook owns the mutation function. */
export type MutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>
