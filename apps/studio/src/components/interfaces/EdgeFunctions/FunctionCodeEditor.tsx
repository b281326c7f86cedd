import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { javascript } from '@codemirror/lang-javascript'
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { EditorState } from '@codemirror/state'
import { EditorView, keymap, lineNumbers } from '@codemirror/view'
import { useEffect, useRef } from 'react'

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'white' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: '#fafafa', color: '#a3a3a3', border: 'none' },
})

/**
 * CodeMirror 6 with TypeScript highlighting, for a function's entrypoint. Uncontrolled: it starts from
 * `initialValue` and reports every change; remount it (a new `key`) to start over.
 */
export function FunctionCodeEditor({
  initialValue,
  onChange,
  ariaLabel,
  'data-testid': testId,
}: {
  initialValue: string
  onChange: (value: string) => void
  ariaLabel: string
  'data-testid'?: string
}) {
  const parentRef = useRef<HTMLDivElement>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const initial = useRef({ initialValue, ariaLabel })

  useEffect(() => {
    const parent = parentRef.current
    if (!parent) return
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: initial.current.initialValue,
        extensions: [
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          javascript({ typescript: true }),
          EditorView.contentAttributes.of({ 'aria-label': initial.current.ariaLabel }),
          theme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString())
          }),
        ],
      }),
    })
    return () => view.destroy()
  }, [])

  return (
    <div
      ref={parentRef}
      className="h-64 overflow-hidden rounded-md border border-neutral-300 focus-within:border-emerald-600"
      data-testid={testId}
    />
  )
}
