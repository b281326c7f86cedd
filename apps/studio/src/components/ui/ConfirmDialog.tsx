import type { ReactNode } from 'react'
import { Button, type ButtonVariant } from './Button'
import { Dialog } from './Dialog'

/** A yes/no confirmation: what happens, Cancel, and the action. Stays open (and says so) while it runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  variant = 'primary',
  loading = false,
  onConfirm,
  'data-testid': testId,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  variant?: ButtonVariant
  loading?: boolean
  onConfirm: () => void
  'data-testid'?: string
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!loading) onOpenChange(next)
      }}
      title={title}
      description={description}
      data-testid={testId}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
