import type { Snippet, UpdateSnippetBody } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentPath } from './content-paths'

export type SnippetSaveVariables = {
  ref: string | undefined
  id: string
  /** the snippet's fields, with `version` (the one the edit started from) unless the snippet is new */
  body: UpdateSnippetBody
  /** sent while the page closes: the request outlives it */
  keepalive?: boolean
}

/**
 * PUT creates the snippet under this id when it does not exist yet, so a retried first save never makes
 * a duplicate. With `version`, a snippet changed elsewhere since answers 409 with the current one.
 */
export async function saveSnippet({ ref, id, body, keepalive }: SnippetSaveVariables) {
  return fetcher<Snippet>(contentPath(ref, `/${encodeURIComponent(id)}`), {
    method: 'PUT',
    body,
    headers: CONTENT_HEADERS,
    keepalive,
  })
}

export function useSnippetSaveMutation(options: MutationOptions<Snippet, SnippetSaveVariables> = {}) {
  return useMutation({ ...options, mutationFn: saveSnippet })
}
