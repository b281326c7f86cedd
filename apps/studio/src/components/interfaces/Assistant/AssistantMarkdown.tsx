import { memo } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import { parseFunctionBlock, parseSqlBlock } from './assistant.utils'
import { EdgeFunctionBlock } from './EdgeFunctionBlock'
import { SqlBlock } from './SqlBlock'

type HastNode = {
  type: string
  tagName?: string
  value?: string
  properties?: { className?: unknown }
  children?: HastNode[]
}

function textOf(node: HastNode | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(textOf).join('')
}

function languageOf(node: HastNode | undefined): string {
  const classes = node?.properties?.className
  const list = Array.isArray(classes) ? classes.map(String) : typeof classes === 'string' ? [classes] : []
  return (
    list
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length)
      .toLowerCase() ?? ''
  )
}

/**
 * An assistant's text as Markdown. A fenced SQL block becomes a query card with the properties its comments
 * give; a TypeScript block named by a `// name:` comment becomes a deployable function. Raw HTML is never
 * rendered.
 */
export const AssistantMarkdown = memo(function AssistantMarkdown({
  text,
  projectRef,
  streaming,
}: {
  text: string
  projectRef: string
  streaming: boolean
}) {
  const components: Components = {
    pre: ({ node }) => {
      const code = (node as HastNode | undefined)?.children?.find((child) => child.tagName === 'code')
      const language = languageOf(code)
      const body = textOf(code).replace(/\n$/, '')
      if (language === 'sql' || language === 'pgsql' || language === 'postgresql') {
        const { properties, sql } = parseSqlBlock(body)
        return <SqlBlock projectRef={projectRef} sql={sql} properties={properties} streaming={streaming} />
      }
      if (['ts', 'typescript', 'js', 'javascript', 'tsx'].includes(language)) {
        const fn = parseFunctionBlock(body)
        if (fn) {
          return (
            <EdgeFunctionBlock
              projectRef={projectRef}
              name={fn.name}
              title={fn.title ?? undefined}
              code={fn.code}
              streaming={streaming}
            />
          )
        }
      }
      return (
        <pre className="overflow-x-auto rounded-md bg-neutral-50 p-2 font-mono text-xs text-neutral-800">{body}</pre>
      )
    },
    code: ({ children }) => <code className="rounded bg-neutral-100 px-1 font-mono text-[0.9em]">{children}</code>,
    a: ({ href, children }) =>
      href && /^https?:\/\//i.test(href) ? (
        <a href={href} target="_blank" rel="noreferrer noopener" className="text-emerald-700 underline">
          {children}
        </a>
      ) : (
        <span>{children}</span>
      ),
    ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
    ol: ({ children }) => <ol className="list-decimal space-y-1 pl-5">{children}</ol>,
  }
  return (
    <div className="space-y-2 text-sm leading-6 text-neutral-800 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold">
      <ReactMarkdown components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  )
})
