import { type FormEvent, type ReactNode, useState } from 'react'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { Input } from './Input'
import { TYPE_TO_CONFIRM_MISMATCH_MESSAGE } from './ui.constants'

type TypeToConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  /** the text the user must type exactly */
  confirmString: string
  confirmLabel: string
  loading?: boolean
  onConfirm: () => void
}

/** A destructive confirmation that asks the user to type a value (e.g. a name) exactly. */
export function TypeToConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmString,
  confirmLabel,
  loading,
  onConfirm,
}: TypeToConfirmDialogProps) {
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setValue('')
      setError(undefined)
    }
    onOpenChange(next)
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (value !== confirmString) {
      setError(TYPE_TO_CONFIRM_MISMATCH_MESSAGE)
      return
    }
    setError(undefined)
    onConfirm()
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange} title={title} description={description}>
      <form onSubmit={handleSubmit} className="space-y-4" noValidate>
        <Input
          label={
            <>
              Type <span className="font-mono font-semibold">{confirmString}</span> to confirm
            </>
          }
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setError(undefined)
          }}
          autoComplete="off"
          spellCheck={false}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={() => handleOpenChange(false)} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={loading}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
