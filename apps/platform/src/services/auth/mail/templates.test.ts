import { describe, expect, it } from 'vitest'
import { htmlToText } from './html-to-text'
import { MAX_TEMPLATE_CHARS, MAX_TEMPLATE_NESTING } from './template-parser'
import {
  AUTH_EMAIL_KINDS,
  AuthEmailTemplateError,
  DEFAULT_AUTH_EMAILS,
  renderAuthEmail,
  validateAuthEmailTemplates,
  validateTemplate,
} from './templates'

const VARS = {
  ConfirmationURL: 'https://ref.example.test/auth/v1/verify?token=abc&type=signup',
  Token: '123456',
  TokenHash: 'hash-of-token',
  SiteURL: 'https://app.example.test',
  Email: 'ada@example.test',
  NewEmail: 'ada.new@example.test',
  RedirectTo: 'https://app.example.test/welcome',
  Data: { first_name: 'Ada', plan: 'pro', seats: 3, beta: true, address: { city: 'Paris' } },
}

/** Renders a body template for the confirmation email. */
const body = (content: string, vars: object = VARS) =>
  renderAuthEmail('confirmation', { mailer_templates_confirmation_content: content }, vars).html

describe('default auth emails', () => {
  it('every kind has a subject and a body that parse and render', () => {
    for (const kind of AUTH_EMAIL_KINDS) {
      expect(validateTemplate(DEFAULT_AUTH_EMAILS[kind].content)).toBeNull()
      const email = renderAuthEmail(kind, {}, VARS)
      expect(email.subject).toBe(DEFAULT_AUTH_EMAILS[kind].subject)
      expect(email.html).not.toContain('{{')
      expect(email.text).not.toContain('<')
    }
  })

  it('links carry the confirmation URL, escaped in HTML and plain in text', () => {
    const email = renderAuthEmail('confirmation', {}, VARS)
    expect(email.html).toContain('href="https://ref.example.test/auth/v1/verify?token=abc&amp;type=signup"')
    expect(email.text).toContain(
      'Confirm my email address (https://ref.example.test/auth/v1/verify?token=abc&type=signup)',
    )
    expect(email.text).toContain('ada@example.test')
  })

  it('the magic link shows its code only when there is one', () => {
    expect(renderAuthEmail('magic_link', {}, VARS).text).toContain('123456')
    expect(renderAuthEmail('magic_link', {}, { ...VARS, Token: '' }).text).not.toContain('code')
  })

  it('the email change names both addresses; reauthentication shows the code', () => {
    const change = renderAuthEmail('email_change', {}, VARS).text
    expect(change).toContain('ada@example.test')
    expect(change).toContain('ada.new@example.test')
    expect(renderAuthEmail('reauthentication', {}, VARS).text).toContain('123456')
  })
})

describe('project overrides', () => {
  it('replace the subject and the body of their kind only; blank means the default', () => {
    const overrides = {
      mailer_subjects_recovery: 'Reset for {{ .Email }}',
      mailer_templates_recovery_content: '<p>Go to {{ .ConfirmationURL }}</p>',
      mailer_subjects_invite: '   ',
      mailer_templates_invite_content: null,
    }
    const recovery = renderAuthEmail('recovery', overrides, VARS)
    expect(recovery.subject).toBe('Reset for ada@example.test')
    expect(recovery.html).toBe('<p>Go to https://ref.example.test/auth/v1/verify?token=abc&amp;type=signup</p>')
    expect(renderAuthEmail('invite', overrides, VARS).subject).toBe(DEFAULT_AUTH_EMAILS.invite.subject)
    expect(renderAuthEmail('invite', overrides, VARS).html).toContain('Accept the invitation')
  })

  it('render every variable, nested metadata, and empty for unknown names', () => {
    expect(
      body(
        '{{ .Token }}|{{ .TokenHash }}|{{ .SiteURL }}|{{ .Email }}|{{ .NewEmail }}|{{ .RedirectTo }}|' +
          '{{ .Data.first_name }}|{{ .Data.seats }}|{{ .Data.beta }}|{{ .Data.address.city }}',
      ),
    ).toBe(
      '123456|hash-of-token|https://app.example.test|ada@example.test|ada.new@example.test|' +
        'https://app.example.test/welcome|Ada|3|true|Paris',
    )
    expect(body('[{{ .Nope }}][{{ .Data.missing }}][{{ .Data.first_name.deeper }}][{{ .Email.x }}]')).toBe('[][][][]')
    expect(body('{{.Email}} {{ .Email }} {{   .Email   }}')).toBe('ada@example.test ada@example.test ada@example.test')
  })

  it('never reach JavaScript internals through metadata names', () => {
    expect(body('[{{ .Data.constructor }}][{{ .Data.__proto__ }}][{{ .Data.toString }}][{{ .constructor }}]')).toBe(
      '[][][][]',
    )
  })

  it('escape every value in the body, attributes included; the subject stays plain text on one line', () => {
    const hostile = {
      ...VARS,
      Data: { first_name: '<script>alert(1)</script>', quote: '" onmouseover="x', apostrophe: "' x='", amp: 'a&b' },
    }
    expect(body('<p>Hi {{ .Data.first_name }}</p>', hostile)).toBe('<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;</p>')
    expect(body('<a title="{{ .Data.quote }}" data-x=\'{{ .Data.apostrophe }}\'>{{ .Data.amp }}</a>', hostile)).toBe(
      '<a title="&#34; onmouseover=&#34;x" data-x=\'&#39; x=&#39;\'>a&amp;b</a>',
    )
    const email = renderAuthEmail(
      'confirmation',
      { mailer_subjects_confirmation: 'Hi {{ .Data.first_name }}' },
      { ...VARS, Data: { first_name: 'Ada <b>\r\nBcc: victim@example.test' } },
    )
    expect(email.subject).toBe('Hi Ada <b> Bcc: victim@example.test')
  })

  it('the text part shows what the reader sees, with values unescaped', () => {
    const email = renderAuthEmail(
      'confirmation',
      {
        mailer_templates_confirmation_content:
          '<html><head><style>p { color: red }</style><title>x</title></head><body>' +
          '<h1>Hello {{ .Data.first_name }}</h1><p>Tom &amp; Jerry&nbsp;say <b>hi</b>.<br>Next line</p>' +
          '<ul><li>one</li><li>two</li></ul><!-- hidden --><a href="{{ .ConfirmationURL }}">{{ .ConfirmationURL }}</a>' +
          '<script>ignored()</script></body></html>',
      },
      { ...VARS, Data: { first_name: 'A < B' } },
    )
    expect(email.text).toBe(
      'Hello A < B\n\nTom & Jerry say hi.\nNext line\n\n- one\n- two\n\n' +
        'https://ref.example.test/auth/v1/verify?token=abc&type=signup',
    )
  })
})

describe('conditionals', () => {
  it('if, else if, else on equality with metadata', () => {
    const template =
      '{{ if eq .Data.plan "pro" }}Pro{{ else if eq .Data.plan "team" `business` }}Team{{ else }}Free{{ end }}'
    expect(body(template)).toBe('Pro')
    expect(body(template, { Data: { plan: 'business' } })).toBe('Team')
    expect(body(template, { Data: { plan: 'team' } })).toBe('Team')
    expect(body(template, { Data: {} })).toBe('Free')
    expect(body(template, {})).toBe('Free')
  })

  it('truth of a value, not, and, or, ne, numbers and booleans', () => {
    expect(body('{{ if .Token }}code {{ .Token }}{{ end }}')).toBe('code 123456')
    expect(body('{{ if .Token }}code{{ else }}link{{ end }}', { Token: '' })).toBe('link')
    expect(body('{{ if not .Data.beta }}stable{{ else }}beta{{ end }}')).toBe('beta')
    expect(body('{{ if and .Token (eq .Data.seats 3) }}yes{{ end }}')).toBe('yes')
    expect(body('{{ if or .Data.missing (ne .Data.plan "free") }}paid{{ end }}')).toBe('paid')
    expect(body('{{ if eq .Data.beta true }}t{{ end }}{{ if eq .Data.seats "3" }}string{{ end }}')).toBe('t')
    expect(body('{{ if eq .Data.missing "" }}empty{{ end }}')).toBe('empty')
    expect(body('{{ if .Data.address }}has{{ end }}{{ if .Data.none }}no{{ end }}')).toBe('has')
    expect(body('{{ eq .Data.plan "pro" }}')).toBe('true')
  })

  it('nest, and trim whitespace with {{- and -}}; comments render nothing', () => {
    const template = `<p>
  {{- if .Token -}}
    {{ if eq .Data.plan "pro" }}pro {{ end }}code
  {{- end -}}
</p>{{/* a note for the next editor */}}{{- /* trimmed */ -}}   !`
    expect(body(template)).toBe('<p>pro code</p>!')
  })
})

describe('invalid templates', () => {
  const cases: [string, number, number, RegExp][] = [
    ['Hello {{ .Email', 1, 7, /no closing "}}"/],
    ['a\n{{ if .Token }}\nx', 2, 1, /has no "{{ end }}"/],
    ['a {{ end }}', 1, 3, /without an open/],
    ['{{ else }}', 1, 1, /without an open/],
    ['{{ if .A }}{{ else }}{{ else }}{{ end }}', 1, 22, /already has its/],
    ['line one\n  {{ range .Data.items }}{{ end }}', 2, 6, /"range" is not supported/],
    ['{{ .Email | upper }}', 1, 11, /pipes/],
    ['{{ $x := 1 }}', 1, 4, /variables/],
    ['{{ printf "%s" .Email }}', 1, 4, /unknown word "printf"/],
    ['{{ if eq .Data.plan }}x{{ end }}', 1, 7, /eq takes at least 2 arguments, not 1/],
    ['{{ if ne .A .B .C }}x{{ end }}', 1, 7, /ne takes 2 arguments, not 3/],
    ['{{ .Email .Token }}', 1, 11, /only a function/],
    ['{{ if and eq .A "b" }}x{{ end }}', 1, 11, /parentheses/],
    ['{{ if (eq .A "b" }}x{{ end }}', 1, 7, /no closing "\)"/],
    ['{{ "unterminated }}', 1, 4, /no closing quote/],
    ['{{ "bad \\q escape" }}', 1, 9, /unknown escape/],
    ['{{ . }}', 1, 4, /must be followed by a name/],
    ['{{ }}', 1, 1, /empty/],
    ['{{ if }}x{{ end }}', 1, 6, /condition is missing/],
    ['{{/* never closed }}', 1, 3, /no closing "\*\/"/],
    ['{{ end extra }}', 1, 1, /without an open/],
    ['{{ if .A }}{{ end extra }}', 1, 19, /takes nothing after it/],
    ['{{ if .A }}{{ else with .B }}{{ end }}', 1, 20, /followed by "if" or by nothing/],
  ]
  it.each(cases)('%j is refused at line %i, column %i', (template, line, column, detail) => {
    const problem = validateTemplate(template)
    expect(problem).toMatchObject({ line, column })
    expect(problem?.message).toMatch(detail)
    expect(problem?.message.startsWith(`line ${line}, column ${column}: `)).toBe(true)
  })

  it('limits the length and the nesting', () => {
    expect(validateTemplate('x'.repeat(MAX_TEMPLATE_CHARS + 1))?.message).toMatch(/at most/)
    const deepIf = `${'{{ if .A }}'.repeat(MAX_TEMPLATE_NESTING + 1)}${'{{ end }}'.repeat(MAX_TEMPLATE_NESTING + 1)}`
    expect(validateTemplate(deepIf)?.message).toMatch(/nest at most/)
    const deepParens = `{{ ${'not ('.repeat(MAX_TEMPLATE_NESTING + 1)}.A${')'.repeat(MAX_TEMPLATE_NESTING + 1)} }}`
    expect(validateTemplate(deepParens)?.message).toMatch(/nest at most/)
  })

  it('a config update is checked field by field, naming the field', () => {
    expect(validateAuthEmailTemplates({ mailer_subjects_invite: 'Hi {{ .Email }}', site_url: '{{' })).toBeNull()
    expect(validateAuthEmailTemplates({ mailer_templates_magic_link_content: '<p>\n{{ if .Token }}' })).toBe(
      'mailer_templates_magic_link_content: line 2, column 1: this "{{ if }}" has no "{{ end }}"',
    )
  })

  it('a stored override that does not parse stops the email with a message naming the field', () => {
    expect(() => renderAuthEmail('invite', { mailer_subjects_invite: '{{ .Email' }, VARS)).toThrow(
      AuthEmailTemplateError,
    )
    expect(() => renderAuthEmail('invite', { mailer_subjects_invite: '{{ .Email' }, VARS)).toThrow(
      /mailer_subjects_invite cannot be used: line 1, column 1/,
    )
  })
})

describe('htmlToText', () => {
  it('keeps a lone "<" and unknown entities as they are, and decodes numeric ones', () => {
    expect(htmlToText('1 < 2 &bogus; &#65;&#x42; <3')).toBe('1 < 2 &bogus; AB <3')
  })

  it('runs in time proportional to its input on pathological markup', () => {
    const started = performance.now()
    htmlToText(`${'<a href="x">'.repeat(20_000)}${'<'.repeat(50_000)}`)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
