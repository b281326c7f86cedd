/** How an AI suggestion lands in the editor. */
export type SqlDiffType = 'modification' | 'addition' | 'new-snippet'

/** The disclaimer the inline edit puts above generated SQL while it is reviewed; never applied. */
export const AI_HEADER_COMMENT = '-- Written by the AI assistant: check it before running it'

/** A leading comment line that is a model's or the dashboard's AI disclaimer, not part of the query. */
const AI_COMMENT_LINE = /^\s*--.*\b(AI|assistant)\b/i

/** The SQL without the AI header comment lines at its top (other comments are kept). */
export function stripAiHeaderComment(sql: string): string {
  const lines = sql.replace(/\r\n/g, '\n').split('\n')
  let start = 0
  while (start < lines.length && AI_COMMENT_LINE.test(lines[start] ?? '')) start++
  return lines.slice(start).join('\n').replace(/^\n+/, '')
}

/** The SQL fence a model may wrap its answer in. */
export function stripCodeFence(text: string): string {
  const match = /^\s*```[a-zA-Z]*\n([\s\S]*?)\n?```\s*$/.exec(text)
  return match ? (match[1] ?? '') : text
}

/** Which way a suggestion applies: over a selection (or an empty editor) it replaces, else it is added. */
export function diffTypeFor(text: string, selection: { from: number; to: number } | null): SqlDiffType {
  if (selection && selection.to > selection.from) return 'modification'
  return text.trim() === '' ? 'modification' : 'addition'
}

export type AppliedSuggestion = { kind: 'document'; text: string } | { kind: 'new-snippet'; sql: string }

/**
 * The editor's text once a suggestion is applied: a modification replaces the selection (the whole text
 * without one), an addition goes after the text on its own line, a new snippet leaves the text alone and
 * answers the SQL for a fresh query. The AI header comment never lands in the editor.
 */
export function applySqlSuggestion({
  type,
  text,
  selection,
  suggestion,
}: {
  type: SqlDiffType
  text: string
  selection: { from: number; to: number } | null
  suggestion: string
}): AppliedSuggestion {
  const sql = stripAiHeaderComment(stripCodeFence(suggestion)).replace(/\s+$/, '')
  if (type === 'new-snippet') return { kind: 'new-snippet', sql }
  if (type === 'modification') {
    if (!selection || selection.to <= selection.from) return { kind: 'document', text: sql }
    const from = Math.max(0, Math.min(selection.from, text.length))
    const to = Math.max(from, Math.min(selection.to, text.length))
    return { kind: 'document', text: text.slice(0, from) + sql + text.slice(to) }
  }
  const base = text.replace(/\s+$/, '')
  return { kind: 'document', text: base ? `${base}\n\n${sql}` : sql }
}
