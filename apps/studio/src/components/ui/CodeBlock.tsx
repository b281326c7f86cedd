import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { copyToClipboard } from '../../lib/clipboard'
import { cn } from '../../lib/cn'
import { COPIED_LABEL, COPIED_RESET_MS, COPY_FAILED_MESSAGE, COPY_LABEL } from './ui.constants'

type CodeBlockProps = {
  value: string
  /** names the content for screen readers, e.g. "connection string" */
  label?: string
  className?: string
  /** placed on the <code> element, whose text is exactly `value` */
  'data-testid'?: string
}

export function CodeBlock({ value, label, className, 'data-testid': testId }: CodeBlockProps) {
  const [copied, setCopied] = useState(false)
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(resetTimer.current), [])

  const handleCopy = async () => {
    try {
      await copyToClipboard(value)
    } catch {
      toast.error(COPY_FAILED_MESSAGE)
      return
    }
    setCopied(true)
    clearTimeout(resetTimer.current)
    resetTimer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS)
  }

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
