import type { QueryClient } from '@tanstack/react-query'
import { pgMetaKeys } from '../pg-meta/keys'
import { databaseExtensionKeys } from './keys'

/** An extension brings functions, types and views: every list that shows them is read again. */
export function invalidateAfterExtensionChange(queryClient: QueryClient, ref: string | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: databaseExtensionKeys.all(ref) }),
    queryClient.invalidateQueries({ queryKey: pgMetaKeys.all(ref) }),
  ])
}
