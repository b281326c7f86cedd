import { Fragment, type ReactNode } from 'react'

/**
 * Renders a small, safe subset of Markdown (headings, paragraphs, lists, quotes, fenced code, inline
 * code, bold, italic, http links) as React elements: the text is never injected as HTML.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return <div className={className}>{renderBlocks(text)}</div>
}

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|\[[^\]]+\]\([^)\s]+\))/g

function renderInline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, index) => {
    const key = `${index}-${part.length}`
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
      return (
        <code key={key} className="rounded bg-neutral-100 px-1 font-mono text-[0.9em]">
          {part.slice(1, -1)}
        </code>
      )
    }
    if ((part.startsWith('**') || part.startsWith('__')) && part.length > 4) {
      return <strong key={key}>{part.slice(2, -2)}</strong>
    }
    if ((part.startsWith('*') || part.startsWith('_')) && part.length > 2) return <em key={key}>{part.slice(1, -1)}</em>
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part)
    if (link) {
      const [, label = '', href = ''] = link
      return /^https?:\/\//i.test(href) ? (
        <a key={key} href={href} target="_blank" rel="noreferrer noopener" className="text-emerald-700 underline">
          {label}
        </a>
      ) : (
        <Fragment key={key}>{label}</Fragment>
      )
    }
    return <Fragment key={key}>{part}</Fragment>
  })
}

const HEADING_CLASSES = ['text-xl', 'text-lg', 'text-base', 'text-sm', 'text-sm', 'text-sm']

function renderBlocks(text: string): ReactNode[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const blocks: ReactNode[] = []
  let index = 0
  const key = () => `block-${blocks.length}`
  while (index < lines.length) {
    const line = lines[index] ?? ''
    if (line.trim() === '') {
      index++
      continue
    }
    if (line.startsWith('```')) {
      const code: string[] = []
      index++
      while (index < lines.length && !(lines[index] ?? '').startsWith('```')) code.push(lines[index++] ?? '')
      index++
      blocks.push(
        <pre key={key()} className="my-2 overflow-x-auto rounded bg-neutral-100 p-2 font-mono text-xs">
          {code.join('\n')}
        </pre>,
      )
      continue
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line)
    if (heading) {
      const level = heading[1]?.length ?? 1
      const Heading = `h${level}` as 'h1'
      blocks.push(
        <Heading key={key()} className={`my-2 font-semibold ${HEADING_CLASSES[level - 1]}`}>
          {renderInline(heading[2] ?? '')}
        </Heading>,
      )
      index++
      continue
    }
    const listMatch = /^\s*([-*+]|\d+[.)])\s+/.exec(line)
    if (listMatch) {
      const ordered = /\d/.test(listMatch[1] ?? '')
      const items: { line: number; text: string }[] = []
      while (index < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[index] ?? '')) {
        items.push({ line: index, text: (lines[index] ?? '').replace(/^\s*([-*+]|\d+[.)])\s+/, '') })
        index++
      }
      const children = items.map((item) => <li key={`line-${item.line}`}>{renderInline(item.text)}</li>)
      blocks.push(
        ordered ? (
          <ol key={key()} className="my-2 list-decimal pl-5">
            {children}
          </ol>
        ) : (
          <ul key={key()} className="my-2 list-disc pl-5">
            {children}
          </ul>
        ),
      )
      continue
    }
    if (line.startsWith('>')) {
      const quote: string[] = []
      while (index < lines.length && (lines[index] ?? '').startsWith('>')) {
        quote.push((lines[index] ?? '').replace(/^>\s?/, ''))
        index++
      }
      blocks.push(
        <blockquote key={key()} className="my-2 border-l-2 border-neutral-300 pl-3 text-neutral-600">
          {renderInline(quote.join(' '))}
        </blockquote>,
      )
      continue
    }
    const paragraph: string[] = []
    while (
      index < lines.length &&
      (lines[index] ?? '').trim() !== '' &&
      !/^(#{1,6}\s|```|>|\s*([-*+]|\d+[.)])\s)/.test(lines[index] ?? '')
    ) {
      paragraph.push(lines[index] ?? '')
      index++
    }
    if (paragraph.length === 0) {
      paragraph.push(line)
      index++
    }
    blocks.push(
      <p key={key()} className="my-2">
        {renderInline(paragraph.join(' '))}
      </p>,
    )
  }
  return blocks
}
