import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language'
import { Annotation, Compartment, EditorState, Prec } from '@codemirror/state'
import { EditorView, keymap, lineNumbers, placeholder as placeholderExtension } from '@codemirror/view'
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import { debounce } from '../../../lib/debounce'
import { type CompletionData, sqlCompletionSource } from './sql-completion-source'
import { EDITOR_CHANGE_DEBOUNCE_MS, EDITOR_FONT_SIZE_PX, EDITOR_TAB_SIZE } from './sql-editor.constants'
import { sqlApostropheTyping } from './sql-quote-typing'

export type CodeEditorHandle = {
  /** the selected text, or '' */
  selection: () => string
  value: () => string
  focus: () => void
  /** hands the debounced text over now (before a run or a save flush) */
  commit: () => void
  /** the selected range, or null when nothing is selected */
  selectionRange: () => { from: number; to: number } | null
}

type CodeEditorProps = {
  /** the text to show; read again only when `epoch` changes (text replaced from outside) */
  value: string
  epoch: number
  /** the text, 300 ms after the last change */
  onChange: (value: string) => void
  /** every change, at once; keep it cheap */
  onTyping?: () => void
  onRun?: () => void
  /** Cmd/Ctrl+K: the inline AI edit */
  onAskAi?: () => void
  onSelectionChange?: (hasSelection: boolean) => void
  onBlur?: () => void
  /** the project's names; read when completion asks, so new metadata needs no reconfiguring */
  completion?: CompletionData
  placeholder?: string
  readOnly?: boolean
  ariaLabel: string
  ref?: Ref<CodeEditorHandle>
  'data-testid'?: string
}

/** Marks text set from outside, which is not the user's typing. */
const externalChange = Annotation.define<boolean>()

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: `${EDITOR_FONT_SIZE_PX}px`, backgroundColor: 'white' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: '#fafafa', color: '#a3a3a3', border: 'none' },
  '.cm-tooltip-autocomplete': { fontSize: `${EDITOR_FONT_SIZE_PX}px` },
})

/**
 * CodeMirror 6 with Postgres highlighting, keyword completion, and completion from the project's metadata
 * (schemas, tables, functions; columns fetched per table when a statement needs them).
 */
export function CodeEditor({
  value,
  epoch,
  onChange,
  onTyping,
  onRun,
  onAskAi,
  onSelectionChange,
  onBlur,
  completion,
  placeholder,
  readOnly = false,
  ariaLabel,
  ref,
  'data-testid': testId,
}: CodeEditorProps) {
  const parentRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<EditorView>(null)
  const completionRef = useRef(completion)
  completionRef.current = completion
  const editable = useRef(new Compartment())
  const callbacks = useRef({ onChange, onTyping, onRun, onAskAi, onSelectionChange, onBlur })
  callbacks.current = { onChange, onTyping, onRun, onAskAi, onSelectionChange, onBlur }
  const commitRef = useRef<ReturnType<typeof debounce<[]>>>(null)
  const dirty = useRef(false)
  const initial = useRef({ value, readOnly, placeholder, ariaLabel })

  useEffect(() => {
    const parent = parentRef.current
    if (!parent) return
    const commit = debounce(() => {
      if (!dirty.current || !viewRef.current) return
      dirty.current = false
      callbacks.current.onChange(viewRef.current.state.doc.toString())
    }, EDITOR_CHANGE_DEBOUNCE_MS)
    commitRef.current = commit
    const start = initial.current
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: start.value,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                preventDefault: true,
                run: () => {
                  callbacks.current.onRun?.()
                  return true
                },
              },
              {
                key: 'Mod-k',
                preventDefault: true,
                run: () => {
                  if (!callbacks.current.onAskAi) return false
                  callbacks.current.onAskAi()
                  return true
                },
              },
            ]),
          ),
          // no custom selection layer, active-line highlight or line wrapping: each costs measuring on
          // every keystroke, and typing must stay well under a frame
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          EditorState.tabSize.of(EDITOR_TAB_SIZE),
          indentUnit.of(' '.repeat(EDITOR_TAB_SIZE)),

          sql({ dialect: PostgreSQL, upperCaseKeywords: false }),
          sqlApostropheTyping(),
          PostgreSQL.language.data.of({ autocomplete: sqlCompletionSource(() => completionRef.current) }),
          editable.current.of([EditorState.readOnly.of(start.readOnly), EditorView.editable.of(!start.readOnly)]),
          start.placeholder ? placeholderExtension(start.placeholder) : [],
          EditorView.contentAttributes.of({ 'aria-label': start.ariaLabel }),
          theme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.every((tr) => tr.annotation(externalChange))) {
              dirty.current = true
              callbacks.current.onTyping?.()
              commit()
            }
            if (update.selectionSet || update.docChanged) {
              callbacks.current.onSelectionChange?.(!update.state.selection.main.empty)
            }
          }),
          EditorView.domEventHandlers({
            blur: () => {
              commit.cancel()
              if (dirty.current) {
                dirty.current = false
                callbacks.current.onChange(view.state.doc.toString())
              }
              callbacks.current.onBlur?.()
            },
          }),
        ],
      }),
    })
    viewRef.current = view
    return () => {
      // never drop typed text: hand it over before the editor goes
      commit.cancel()
      if (dirty.current) callbacks.current.onChange(view.state.doc.toString())
      dirty.current = false
      view.destroy()
      viewRef.current = null
    }
  }, [])

  // text replaced from outside (their version of a conflict, a template)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new epoch reloads the text
  useEffect(() => {
    const view = viewRef.current
    if (!view || view.state.doc.toString() === value) return
    commitRef.current?.cancel()
    dirty.current = false
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: value },
      annotations: externalChange.of(true),
    })
  }, [epoch])

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
    })
  }, [readOnly])

  useImperativeHandle(
    ref,
    () => ({
      selection: () => {
        const view = viewRef.current
        if (!view) return ''
        const { from, to } = view.state.selection.main
        return view.state.sliceDoc(from, to)
      },
      value: () => viewRef.current?.state.doc.toString() ?? '',
      selectionRange: () => {
        const range = viewRef.current?.state.selection.main
        return range && !range.empty ? { from: range.from, to: range.to } : null
      },
      focus: () => viewRef.current?.focus(),
      commit: () => {
        commitRef.current?.cancel()
        if (dirty.current && viewRef.current) {
          dirty.current = false
          callbacks.current.onChange(viewRef.current.state.doc.toString())
        }
      },
    }),
    [],
  )

  return <div ref={parentRef} className="h-full min-h-0 overflow-hidden" data-testid={testId} />
}
