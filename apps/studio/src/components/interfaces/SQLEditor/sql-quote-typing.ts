import { syntaxTree } from '@codemirror/language'
import { type Extension, Prec, StateEffect, StateField } from '@codemirror/state'
import { EditorView } from '@codemirror/view'

/** `'...'`, `E'...'`, `N'...'`: literals where an apostrophe is written twice. */
const QUOTED_LITERAL_START = /^[eEnN]?'/

/**
 * Whether an apostrophe typed at `offset` inside the string token `token` is text, to be written as `''`:
 * the cursor is past the opening quote, the literal is closed, and the cursor is not at a quote (where
 * typing closes the string or steps over a quote).
 */
export function apostropheIsText(token: string, offset: number): boolean {
  const start = QUOTED_LITERAL_START.exec(token)
  if (!start) return false
  const body = start[0].length
  if (offset < body || offset >= token.length) return false
  if (token[offset] === "'") return false
  // an unterminated literal: the apostrophe may well be the one that closes it
  return token.length > body && token.endsWith("'")
}

/** Where the last doubled apostrophe left the cursor: a second apostrophe typed there is already written. */
const doubledAt = StateEffect.define<number>()
const lastDoubling = StateField.define<number | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(doubledAt)) return effect.value
    return tr.docChanged || tr.selection ? null : value
  },
})

/**
 * Typing O'Brien inside a string keeps the string whole: an apostrophe typed within a quoted literal is
 * written `''`, SQL's escaped apostrophe, instead of ending the literal and turning the rest of the text
 * into a string. Typing the second apostrophe yourself right after adds nothing.
 */
export function sqlApostropheTyping(): Extension {
  return [
    lastDoubling,
    Prec.high(
      EditorView.inputHandler.of((view, from, to, text) => {
        if (text !== "'" || from !== to || view.state.selection.ranges.length !== 1) return false
        if (view.state.field(lastDoubling) === from) {
          view.dispatch({ selection: { anchor: from }, effects: doubledAt.of(-1), userEvent: 'input.type' })
          return true
        }
        const node = syntaxTree(view.state).resolveInner(from, 1)
        if (node.name !== 'String' || node.from >= from) return false
        if (!apostropheIsText(view.state.sliceDoc(node.from, node.to), from - node.from)) return false
        view.dispatch({
          changes: { from, insert: "''" },
          selection: { anchor: from + 2 },
          effects: doubledAt.of(from + 2),
          userEvent: 'input.type',
        })
        return true
      }),
    ),
  ]
}
