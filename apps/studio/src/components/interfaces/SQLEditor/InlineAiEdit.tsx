import { ASSISTANT_TEXTS } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useCheckApiKeyQuery } from '../../../data/assistant/check-api-key-query'
import { useSqlCompleteMutation } from '../../../data/assistant/sql-complete-mutation'
import { Button } from '../../ui/Button'
import { AI_HEADER_COMMENT, type AppliedSuggestion, applySqlSuggestion, diffTypeFor } from './ai-edit.utils'
import { SqlDiffView } from './SqlDiffView'

export type InlineEditTarget = { text: string; selection: { from: number; to: number } | null }

export const ASK_AI_PROMPT_LABEL = 'Ask the AI to edit your SQL'
export const ASK_AI_PLACEHOLDER = 'Describe the change, e.g. "add a where clause for active users"'
export const GENERATE_LABEL = 'Generate'
export const APPLY_LABEL = 'Apply'
export const APPLY_NEW_SNIPPET_LABEL = 'Apply in a new snippet'
export const DISCARD_LABEL = 'Discard'

/**
 * Cmd/Ctrl+K in the editor: a prompt, then the change as a diff to apply or discard. Over a selection the
 * suggestion replaces it; without one it is added after the text; it can also start a new snippet.
 */
export function InlineAiEdit({
  projectRef,
  target,
  onApply,
  onClose,
}: {
  projectRef: string
  target: InlineEditTarget
  onApply: (result: AppliedSuggestion) => void
  onClose: () => void
}) {
  const [prompt, setPrompt] = useState('')
  const [suggestion, setSuggestion] = useState<string>()
  const status = useCheckApiKeyQuery({ ref: projectRef })
  const complete = useSqlCompleteMutation({
    onSuccess: ({ completion }) => setSuggestion(completion),
    onError: () => toast.error(ASSISTANT_TEXTS.completionFailed),
  })
  const type = diffTypeFor(target.text, target.selection)
  const proposed = suggestion
    ? applySqlSuggestion({ type, text: target.text, selection: target.selection, suggestion })
    : undefined

  const generate = () => {
    if (!prompt.trim()) return
    const { text, selection } = target
    const from = selection?.from ?? text.length
    const to = selection?.to ?? text.length
    complete.mutate({
      projectRef,
      prompt: prompt.trim(),
      textBeforeCursor: text.slice(0, from),
      textAfterCursor: text.slice(to),
      selection: text.slice(from, to),
      includeSchemaMetadata: Boolean(status.data?.metadataAllowed),
    })
  }

  return (
    <section
      aria-label={ASK_AI_PROMPT_LABEL}
      className="border-b border-neutral-200 bg-neutral-50"
      data-testid="inline-ai-edit"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <form
        className="flex items-center gap-2 px-3 py-2"
        onSubmit={(event) => {
          event.preventDefault()
          generate()
        }}
      >
        <input
          // biome-ignore lint/a11y/noAutofocus: the shortcut opens this box to type into at once
          autoFocus
          aria-label={ASK_AI_PROMPT_LABEL}
          placeholder={ASK_AI_PLACEHOLDER}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          className="min-w-0 flex-1 rounded border border-neutral-300 bg-white px-2 py-1 text-sm focus:border-emerald-600 focus:outline-none"
          data-testid="inline-ai-prompt"
        />
        <Button type="submit" size="sm" variant="primary" loading={complete.isPending} disabled={!prompt.trim()}>
          {GENERATE_LABEL}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {DISCARD_LABEL}
        </Button>
      </form>
      {proposed && suggestion !== undefined && (
        <div className="space-y-2 pb-2">
          <p className="px-3 font-mono text-xs text-neutral-500">{AI_HEADER_COMMENT}</p>
          <SqlDiffView before={target.text} after={proposed.kind === 'document' ? proposed.text : proposed.sql} />
          <div className="flex gap-2 px-3">
            <Button size="sm" variant="primary" onClick={() => onApply(proposed)} data-testid="inline-ai-apply">
              {APPLY_LABEL}
            </Button>
            <Button
              size="sm"
              onClick={() =>
                onApply(applySqlSuggestion({ type: 'new-snippet', text: target.text, selection: null, suggestion }))
              }
            >
              {APPLY_NEW_SNIPPET_LABEL}
            </Button>
            <Button size="sm" variant="ghost" onClick={onClose}>
              {DISCARD_LABEL}
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
