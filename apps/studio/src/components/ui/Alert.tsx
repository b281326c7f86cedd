import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

export type AlertTone = 'info' | 'warning' | 'error' | 'success'

const TONE_CLASSES: Record<AlertTone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
}

/** An inline notice. Errors are announced to screen readers. */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
  'data-testid': testId,
}: {
  tone?: AlertTone
  title?: ReactNode
  children?: ReactNode
  className?: string
  'data-testid'?: string
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('rounded-md border px-4 py-3 text-sm', TONE_CLASSES[tone], className)}
    >
      {title && <p className="font-medium">{title}</p>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </div>
  )
}
