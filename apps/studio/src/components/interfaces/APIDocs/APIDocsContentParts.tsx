import { CodeBlock } from '../../ui/CodeBlock'
import { DOCS_LINK_LABEL } from './api-docs.constants'
import type { Snippet } from './api-docs.utils'

export function Snippets({ snippets }: { snippets: Snippet[] }) {
  return (
    <div className="space-y-4">
      {snippets.map((snippet) => (
        <div key={snippet.title} className="space-y-1.5">
          <h4 className="text-sm font-medium text-neutral-800">{snippet.title}</h4>
          <CodeBlock value={snippet.code} label={snippet.title} data-testid="api-docs-snippet" />
        </div>
      ))}
    </div>
  )
}

export function DocsLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="text-sm text-emerald-700 underline">
      {DOCS_LINK_LABEL}
    </a>
  )
}

export function Heading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <h3 className="text-lg font-semibold text-neutral-900" data-testid="api-docs-heading">
        {title}
      </h3>
      {children && <div className="text-sm text-neutral-600">{children}</div>}
    </div>
  )
}
