import * as RadixDialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** buttons, right-aligned under the content */
  footer?: ReactNode
  /** 'side' slides in from the right edge and spans the full height */
  variant?: 'center' | 'side'
  className?: string
  'data-testid'?: string
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  variant = 'center',
  className,
  'data-testid': testId,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/40" />
        <RadixDialog.Content
          data-testid={testId}
          // Without a description Radix expects an explicit opt-out.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none',
            variant === 'center'
              ? 'top-1/2 left-1/2 max-h-[85vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg'
              : 'inset-y-0 right-0 w-full max-w-xl border-l border-neutral-200',
            className,
          )}
        >
          <div className="border-b border-neutral-200 px-5 py-4">
            <RadixDialog.Title className="text-base font-semibold text-neutral-900">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-neutral-600">{description}</RadixDialog.Description>
            )}
          </div>
          {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
          {footer && <div className="flex justify-end gap-2 border-t border-neutral-200 px-5 py-3">{footer}</div>}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3.5 right-3.5 rounded p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
          >
            <span aria-hidden="true" className="block size-4 text-center leading-4">
              ×
            </span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
