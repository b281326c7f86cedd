/**
 * The plain-text part of an email, from its HTML: block elements become line breaks, links keep their address beside
 * their label, markup and the contents of head, style and script are dropped, entities are decoded. One pass over the
 * text (no backtracking regular expressions), so a long template costs time in proportion to its length.
 */

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
])
/** Elements whose content is not shown to the reader. */
const HIDDEN_TAGS = new Set(['head', 'style', 'script', 'title', 'template'])

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  mdash: '—',
  ndash: '–',
  hellip: '…',
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return Object.hasOwn(NAMED_ENTITIES, name.toLowerCase()) ? (NAMED_ENTITIES[name.toLowerCase()] as string) : whole
  })
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  const value = match?.[1] ?? match?.[2] ?? match?.[3]
  return value === undefined ? undefined : decodeEntities(value)
}

export function htmlToText(html: string): string {
  let out = ''
  let hiddenUntil: string | null = null
  /** the open link: its address and where its label starts in `out` */
  let link: { href: string; labelStart: number } | null = null
  let index = 0
  while (index < html.length) {
    const open = html.indexOf('<', index)
    const textEnd = open === -1 ? html.length : open
    if (!hiddenUntil) out += decodeEntities(html.slice(index, textEnd).replace(/\s+/g, ' '))
    if (open === -1) break
    if (!/[a-zA-Z/!]/.test(html[open + 1] ?? '')) {
      // a "<" that starts no tag ("1 < 2") is text
      if (!hiddenUntil) out += '<'
      index = open + 1
      continue
    }
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4)
      index = close === -1 ? html.length : close + 3
      continue
    }
    const close = html.indexOf('>', open)
    if (close === -1) {
      if (!hiddenUntil) out += decodeEntities(html.slice(open).replace(/\s+/g, ' '))
      break
    }
    const tag = html.slice(open, close + 1)
    index = close + 1
    const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(tag)
    if (!match) continue // a declaration (<!DOCTYPE ...>) or a processing instruction
    const closing = match[1] === '/'
    const name = (match[2] as string).toLowerCase()
    if (hiddenUntil) {
      if (closing && name === hiddenUntil) hiddenUntil = null
      continue
    }
    if (HIDDEN_TAGS.has(name) && !closing && !tag.endsWith('/>')) {
      hiddenUntil = name
    } else if (name === 'br') {
      out += '\n'
    } else if (name === 'a' && !closing) {
      const href = attribute(tag, 'href')
      link = href && !href.startsWith('#') ? { href, labelStart: out.length } : null
    } else if (name === 'a' && closing && link) {
      const label = out.slice(link.labelStart).trim()
      if (label !== link.href) out += label ? ` (${link.href})` : link.href
      link = null
    } else if (name === 'li') {
      if (!closing) out += '\n- '
    } else if (BLOCK_TAGS.has(name)) {
      out += '\n\n'
    }
  }
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '')
}
