import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/**
 * The one width and padding of every project page, so moving between pages never shifts the content.
 * Pages add their own vertical spacing through `className`.
 */
export function PageContainer({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div {...props} data-page-container="" className={cn('mx-auto w-full max-w-5xl px-4 py-8 md:px-8', className)}>
      {children}
    </div>
  )
}
