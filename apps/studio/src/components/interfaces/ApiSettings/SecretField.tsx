import { KEY_COPY_FEEDBACK_RESET_MS } from '@pgfleet/contracts'
import { type ReactNode, useState } from 'react'
import { Button } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { HIDDEN_VALUE, HIDE_LABEL, REVEAL_LABEL } from './api-settings.constants'

/** A labelled value: shown with a copy button, or hidden until revealed when `secret`. */
export function SecretField({
  label,
  badge,
  description,
  value,
  secret = false,
  placeholder,
  testId,
}: {
  label: string
  badge?: ReactNode
  description?: string
  value: string | undefined
  secret?: boolean
  /** shown instead of the value, e.g. while the JWT secret is being updated */
  placeholder?: string
  testId: string
}) {
  const [revealed, setRevealed] = useState(false)
  const visible = !secret || revealed
  return (
    <div className="space-y-2 px-4 py-4" data-testid={`${testId}-field`}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium text-neutral-900">{label}</p>
        {badge}
      </div>
      {description && <p className="text-sm text-neutral-600">{description}</p>}
      {placeholder ? (
        <p className="rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm text-neutral-700">
          {placeholder}
        </p>
      ) : value === undefined ? null : visible ? (
        <div className="flex items-start gap-2">
          <CodeBlock
            value={value}
            label={label}
            className="min-w-0 flex-1"
            copiedResetMs={KEY_COPY_FEEDBACK_RESET_MS}
            data-testid={testId}
          />
          {secret && (
            <Button size="sm" className="mt-1.5" onClick={() => setRevealed(false)}>
              {HIDE_LABEL}
            </Button>
          )}
        </div>
      ) : (
        <div className="flex items-center gap-2">
          <p className="min-w-0 flex-1 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 font-mono text-[13px] text-neutral-500">
            {HIDDEN_VALUE}
          </p>
          <Button size="sm" onClick={() => setRevealed(true)} data-testid={`${testId}-reveal`}>
            {REVEAL_LABEL}
          </Button>
        </div>
      )}
    </div>
  )
}
