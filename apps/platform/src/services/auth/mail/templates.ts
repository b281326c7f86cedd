import { htmlToText } from './html-to-text'
import { parseTemplate, TemplateSyntaxError } from './template-parser'
import { escapeHtml, executeTemplate } from './template-render'

/**
 * Auth emails: a default subject and body per kind, replaced by the project's own where its auth config sets them
 * (`mailer_subjects_<kind>`, `mailer_templates_<kind>_content`, the hosted product's field names). Templates use the
 * hosted product's Go-template variables; values are HTML-escaped in the body, since user metadata (`.Data`) is
 * whatever the user typed at sign-up.
 */

export const AUTH_EMAIL_KINDS = [
  'confirmation',
  'invite',
  'magic_link',
  'email_change',
  'recovery',
  'reauthentication',
] as const
export type AuthEmailKind = (typeof AUTH_EMAIL_KINDS)[number]

/** What a template can name, e.g. `{{ .ConfirmationURL }}` or `{{ .Data.first_name }}`. */
export interface AuthEmailVars {
  ConfirmationURL?: string
  Token?: string
  TokenHash?: string
  SiteURL?: string
  Email?: string
  NewEmail?: string
  RedirectTo?: string
  /** the user's metadata (attacker-controlled: always escaped) */
  Data?: Record<string, unknown>
}

export type AuthEmailSubjectField = `mailer_subjects_${AuthEmailKind}`
export type AuthEmailContentField = `mailer_templates_${AuthEmailKind}_content`
/** A project's overrides, in its auth config's own field names; unset, null or blank means the default. */
export type AuthEmailOverrides = { [F in AuthEmailSubjectField | AuthEmailContentField]?: string | null | undefined }

export interface RenderedAuthEmail {
  subject: string
  html: string
  text: string
}

export const subjectField = (kind: AuthEmailKind): AuthEmailSubjectField => `mailer_subjects_${kind}`
export const contentField = (kind: AuthEmailKind): AuthEmailContentField => `mailer_templates_${kind}_content`
/** Every auth config field that holds a template, for the config update to check. */
export const AUTH_EMAIL_TEMPLATE_FIELDS: readonly (AuthEmailSubjectField | AuthEmailContentField)[] =
  AUTH_EMAIL_KINDS.flatMap((kind) => [subjectField(kind), contentField(kind)])

const IGNORE_NOTE = (what: string) => `<p>If you did not ${what}, you can ignore this email.</p>`

/** The defaults, in the same template language as overrides (so they show what a project can write). */
export const DEFAULT_AUTH_EMAILS: Record<AuthEmailKind, { subject: string; content: string }> = {
  confirmation: {
    subject: 'Confirm your email address',
    content: `<h2>Confirm your email address</h2>
<p>Thanks for signing up. Follow this link to confirm that {{ .Email }} is your address:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm my email address</a></p>
${IGNORE_NOTE('create an account')}`,
  },
  invite: {
    subject: 'You are invited',
    content: `<h2>You are invited</h2>
<p>You have been invited to create an account on {{ .SiteURL }}. Follow this link to accept:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invitation</a></p>
${IGNORE_NOTE('expect an invitation')}`,
  },
  magic_link: {
    subject: 'Your sign-in link',
    content: `<h2>Your sign-in link</h2>
<p>Follow this link to sign in:</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>
{{ if .Token }}<p>Or enter this code where you signed in: <strong>{{ .Token }}</strong></p>
{{ end }}${IGNORE_NOTE('ask to sign in')}`,
  },
  email_change: {
    subject: 'Confirm your new email address',
    content: `<h2>Confirm your new email address</h2>
<p>You asked to change your account's email address from {{ .Email }} to {{ .NewEmail }}. Follow this link to confirm the change:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm the new address</a></p>
${IGNORE_NOTE('ask for this change')}`,
  },
  recovery: {
    subject: 'Reset your password',
    content: `<h2>Reset your password</h2>
<p>Follow this link to choose a new password for {{ .Email }}:</p>
<p><a href="{{ .ConfirmationURL }}">Choose a new password</a></p>
<p>If you did not ask for a new password, you can ignore this email: your password stays as it is.</p>`,
  },
  reauthentication: {
    subject: 'Your confirmation code',
    content: `<h2>Confirm it is you</h2>
<p>Enter this code to confirm the change to your account:</p>
<p><strong>{{ .Token }}</strong></p>
${IGNORE_NOTE('ask for a code')}`,
  },
}

/** A problem in a template, with its 1-based position; `message` names the position too. */
export interface TemplateProblem {
  message: string
  line: number
  column: number
}

/** Null when the template parses; otherwise where and why it does not (for the config update to refuse it). */
export function validateTemplate(text: string): TemplateProblem | null {
  try {
    parseTemplate(text)
    return null
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error
    return { message: error.message, line: error.line, column: error.column }
  }
}

/**
 * Checks every template field an auth config update sets; the first problem as a sentence naming the field and the
 * position (e.g. `mailer_templates_invite_content: line 3, column 7: ...`), or null when all parse.
 */
export function validateAuthEmailTemplates(update: Record<string, unknown>): string | null {
  for (const field of AUTH_EMAIL_TEMPLATE_FIELDS) {
    const value = update[field]
    if (typeof value !== 'string') continue
    const problem = validateTemplate(value)
    if (problem) return `${field}: ${problem.message}`
  }
  return null
}

/** A stored template that does not parse (saved before it was checked): the email is not sent rather than garbled. */
export class AuthEmailTemplateError extends Error {
  constructor(field: string, detail: string) {
    super(`The email template ${field} cannot be used: ${detail}. Correct it in the project's auth settings`)
    this.name = 'AuthEmailTemplateError'
  }
}

function chosen(value: string | null | undefined, fallback: string): string {
  return value?.trim() ? value : fallback
}

function render(field: string, template: string, vars: AuthEmailVars, escapeValue: (text: string) => string): string {
  try {
    return executeTemplate(parseTemplate(template), vars as Record<string, unknown>, escapeValue)
  } catch (error) {
    if (error instanceof TemplateSyntaxError) throw new AuthEmailTemplateError(field, error.message)
    throw error
  }
}

/** The subject, HTML body and plain-text body of one auth email. */
export function renderAuthEmail(
  kind: AuthEmailKind,
  overrides: AuthEmailOverrides,
  vars: AuthEmailVars,
): RenderedAuthEmail {
  const defaults = DEFAULT_AUTH_EMAILS[kind]
  const subjectTemplate = chosen(overrides[subjectField(kind)], defaults.subject)
  const contentTemplate = chosen(overrides[contentField(kind)], defaults.content)
  // a subject is a header, not HTML: no escaping, and no line breaks
  const subject = render(subjectField(kind), subjectTemplate, vars, (text) => text)
    .replace(/\s+/g, ' ')
    .trim()
  const html = render(contentField(kind), contentTemplate, vars, escapeHtml)
  return { subject, html, text: htmlToText(html) }
}
