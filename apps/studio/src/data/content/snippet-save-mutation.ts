import type { Snippet, UpdateSnippetBody } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { asSnippet, CONTENT_HEADERS, contentRef } from './content-api'

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
  const item = await api('PUT /platform/projects/{ref}/content/{id}', {
    params: { ref: contentRef(ref), id },
    body,
    headers: CONTENT_HEADERS,
    keepalive,
  })
  return asSnippet(item)
}

export function useSnippetSaveMutation(options: MutationOptions<Snippet, SnippetSaveVariables> = {}) {
  return useMutation({ ...options, mutationFn: saveSnippet })
}
