import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** A page section headed by an h2 (which labels it) and an optional line of description. */
export function Section({
  titleId,
  title,
  description,
  className,
  children,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & { titleId: string; title: ReactNode; description?: ReactNode }) {
  return (
    <section {...props} aria-labelledby={titleId} className={cn('space-y-3', className)}>
      <div>
        <h2 id={titleId} className="text-base font-semibold text-neutral-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
      </div>
      {children}
    </section>
  )
}
