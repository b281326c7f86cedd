import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

export interface Detail {
  label: string
  value: ReactNode
  /** appended to the list's `testIdPrefix` to name the value */
  testId: string
}

/** Labelled values in bordered tiles; `className` lays the tiles out (a grid or a wrapping row). */
export function DetailList({
  details,
  testIdPrefix,
  className,
  itemClassName,
}: {
  details: readonly Detail[]
  testIdPrefix: string
  className?: string
  itemClassName?: string
}) {
  return (
    <dl className={cn('gap-px overflow-hidden rounded-lg border border-neutral-200 bg-neutral-200', className)}>
      {details.map((detail) => (
        <div key={detail.label} className={cn('bg-white px-4 py-3', itemClassName)}>
          <dt className="text-xs text-neutral-500">{detail.label}</dt>
          <dd className="mt-1 text-sm font-medium text-neutral-900" data-testid={`${testIdPrefix}${detail.testId}`}>
            {detail.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
