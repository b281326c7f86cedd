import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { cn } from '../../lib/cn'
import { createCopyFeedback } from './copy-feedback'
import { COPIED_LABEL, COPIED_RESET_MS, COPY_LABEL } from './ui.constants'

type CodeBlockProps = {
  value: string
  /** names the content for screen readers, e.g. "connection string" */
  label?: string
  className?: string
  /** how long the button says 'Copied' (API keys use KEY_COPY_FEEDBACK_RESET_MS) */
  copiedResetMs?: number
  /** placed on the <code> element, whose text is exactly `value` */
  'data-testid'?: string
}

export function CodeBlock({
  value,
  label,
  className,
  copiedResetMs = COPIED_RESET_MS,
  'data-testid': testId,
}: CodeBlockProps) {
  const [copied, setCopied] = useState(false)
  const [feedback] = useState(() =>
    createCopyFeedback({
      resetAfterMs: copiedResetMs,
      onCopiedChange: setCopied,
      onFailure: (message) => toast.error(message),
    }),
  )

  useEffect(() => () => feedback.dispose(), [feedback])

  const handleCopy = () => void feedback.copy(value)

  return (
    <div className={cn('flex items-start gap-2 rounded-md border border-neutral-200 bg-neutral-50 p-1.5', className)}>
      <pre className="min-w-0 flex-1 overflow-x-auto px-2 py-1.5 text-[13px] leading-5 text-neutral-900">
        <code data-testid={testId} className="font-mono">
          {value}
        </code>
      </pre>
      <button
        type="button"
        onClick={handleCopy}
        className="shrink-0 rounded-md border border-neutral-300 bg-white px-2.5 py-1.5 text-xs font-medium text-neutral-800 hover:bg-neutral-100"
      >
        {copied ? COPIED_LABEL : COPY_LABEL}
        {label && !copied && <span className="sr-only"> {label}</span>}
      </button>
    </div>
  )
}
