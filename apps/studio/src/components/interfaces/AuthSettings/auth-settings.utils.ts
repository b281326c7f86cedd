import {
  REDIRECT_URL_DUPLICATE,
  REDIRECT_URL_HAS_COMMA,
  REDIRECT_URL_INVALID,
  WHOLE_NUMBER_NEEDED,
} from './auth-settings.constants'

/** The settings a PATCH must carry: those whose draft differs from what is stored. */
export function changedFields(
  draft: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(draft)) {
    if (JSON.stringify(value ?? null) !== JSON.stringify(stored[field] ?? null)) changes[field] = value
  }
  return changes
}

/** A number field's text: a whole number when it is one, else the text itself (refused on save, named). */
export function numberDraft(text: string): number | string {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : text
}

/** The first number field whose draft is not a whole number, as a message. */
export function invalidNumberMessage(
  changes: Readonly<Record<string, unknown>>,
  labels: Readonly<Record<string, string>>,
): string | null {
  for (const [field, value] of Object.entries(changes)) {
    if (field in labels && typeof value !== 'number') return WHOLE_NUMBER_NEEDED(labels[field] ?? field)
  }
  return null
}

/** The allow list as stored (comma-separated) and as edited (one URL a row). */
export const parseRedirectUrls = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
export const joinRedirectUrls = (urls: readonly string[]) => urls.join(',')

/** Why a URL cannot join the allow list, or null: a URL with a scheme (any app scheme), or a pattern with `*`. */
export function redirectUrlProblem(url: string, existing: readonly string[]): string | null {
  const entry = url.trim()
  if (entry.includes(',')) return REDIRECT_URL_HAS_COMMA
  if (existing.includes(entry)) return REDIRECT_URL_DUPLICATE
  if (/\s/.test(entry) || entry.length > 2048) return REDIRECT_URL_INVALID
  if (entry.includes('*')) return /^[a-z][a-z0-9+.-]*:\/\/./i.test(entry) ? null : REDIRECT_URL_INVALID
  try {
    const parsed = new URL(entry)
    return parsed.protocol && entry.includes(':') ? null : REDIRECT_URL_INVALID
  } catch {
    return REDIRECT_URL_INVALID
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

/**
 * A template with its `{{ .Name }}` variables filled with sample values, for the preview (which renders it in a
 * sandboxed frame, never as the dashboard). Other template actions are left as written.
 */
export function renderTemplatePreview(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? escapeHtml(values[name] ?? '') : whole,
  )
}

/** Where an OAuth provider sends users back: the project's auth server's callback. */
export const callbackUrlOf = (projectUrl: string) => `${projectUrl.replace(/\/+$/, '')}/auth/v1/callback`
