import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { MergeView } from '@codemirror/merge'
import { EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { useEffect, useRef } from 'react'
import { EDITOR_FONT_SIZE_PX } from './sql-editor.constants'

const readOnly = [
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  sql({ dialect: PostgreSQL }),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  EditorView.theme({ '&': { fontSize: `${EDITOR_FONT_SIZE_PX}px` } }),
]

/** The text before and after a suggestion, side by side with the changes marked; nothing is editable. */
export function SqlDiffView({ before, after }: { before: string; after: string }) {
  const parentRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const parent = parentRef.current
    if (!parent) return
    const view = new MergeView({
      a: { doc: before, extensions: readOnly },
      b: { doc: after, extensions: readOnly },
      parent,
      collapseUnchanged: { margin: 3, minSize: 6 },
    })
    return () => view.destroy()
  }, [before, after])
  return (
    <div ref={parentRef} className="max-h-72 overflow-auto border-y border-neutral-200" data-testid="sql-diff-view" />
  )
}
