import { EdgeFunctionProposal, SqlProposal } from '@pgfleet/contracts'
import type { UIMessage } from 'ai'
import { Check, Loader2, TriangleAlert } from 'lucide-react'
import { memo } from 'react'
import { cn } from '../../../lib/cn'
import { AssistantMarkdown } from './AssistantMarkdown'
import { TOOL_CHIP_LABELS } from './assistant.constants'
import { EdgeFunctionBlock } from './EdgeFunctionBlock'
import { SqlBlock } from './SqlBlock'

type Part = UIMessage['parts'][number]
type ToolPart = { type: string; state?: string; output?: unknown; errorText?: string; toolCallId?: string }

/** A metadata read the model made: a small chip, spinning until the answer is in. */
function ToolChip({ name, part }: { name: string; part: ToolPart }) {
  const label = TOOL_CHIP_LABELS[name] ?? name
  const failed = part.state === 'output-error'
  const done = part.state === 'output-available'
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs',
        failed ? 'border-red-200 text-red-700' : 'border-neutral-200 text-neutral-600',
      )}
      data-testid="assistant-tool-chip"
      title={failed ? part.errorText : undefined}
    >
      {failed ? (
        <TriangleAlert className="size-3" aria-hidden="true" />
      ) : done ? (
        <Check className="size-3" aria-hidden="true" />
      ) : (
        <Loader2 className="size-3 animate-spin" aria-hidden="true" />
      )}
      {label}
    </span>
  )
}

function ToolPartView({ part, projectRef }: { part: ToolPart; projectRef: string }) {
  const name = part.type.slice('tool-'.length)
  if (name === 'propose_sql') {
    const parsed = part.state === 'output-available' ? SqlProposal.safeParse(part.output) : undefined
    if (!parsed?.success) return <ToolChip name="Writing SQL" part={part} />
    const proposal = parsed.data
    return (
      <SqlBlock
        projectRef={projectRef}
        sql={proposal.sql}
        properties={proposal}
        writes={proposal.writes}
        parseError={proposal.parseError}
      />
    )
  }
  if (name === 'propose_edge_function') {
    const parsed = part.state === 'output-available' ? EdgeFunctionProposal.safeParse(part.output) : undefined
    if (!parsed?.success) return <ToolChip name="Writing an edge function" part={part} />
    const fn = parsed.data
    return (
      <EdgeFunctionBlock
        projectRef={projectRef}
        name={fn.name}
        title={fn.title}
        code={fn.code}
        valid={fn.valid}
        error={fn.error}
      />
    )
  }
  return <ToolChip name={name} part={part} />
}

function PartView({ part, projectRef, role }: { part: Part; projectRef: string; role: UIMessage['role'] }) {
  if (part.type === 'text') {
    if (role === 'user') return <p className="text-sm whitespace-pre-wrap text-neutral-900">{part.text}</p>
    return <AssistantMarkdown text={part.text} projectRef={projectRef} streaming={part.state === 'streaming'} />
  }
  if (part.type.startsWith('tool-')) return <ToolPartView part={part as ToolPart} projectRef={projectRef} />
  return null
}

/**
 * One message. Memoised: while a reply streams only the last message changes, so the rows above it are not
 * rendered again.
 */
export const MessageRow = memo(function MessageRow({
  message,
  projectRef,
}: {
  message: UIMessage
  projectRef: string
}) {
  const user = message.role === 'user'
  return (
    <li
      className={cn(
        'flex flex-col gap-2 px-4 py-3 [contain-intrinsic-size:auto_120px] [content-visibility:auto]',
        user && 'bg-neutral-50',
      )}
      data-testid="assistant-message"
      data-role={message.role}
    >
      {message.parts.map((part, index) => (
        // parts are appended, never reordered: their position is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <PartView key={index} part={part} projectRef={projectRef} role={message.role} />
      ))}
    </li>
  )
})
