import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../../lib/cn'

export const CONTROL_CLASSES = cn(
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs',
  'placeholder:text-neutral-400 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/20',
  'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500',
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20',
)

export type FieldProps = {
  label: ReactNode
  description?: ReactNode
  error?: string
  /** keeps the label for screen readers only */
  hideLabel?: boolean
}

/** Label, description and error around one form control; gives the control its ids. */
export function Field({
  label,
  description,
  error,
  hideLabel,
  className,
  children,
}: FieldProps & {
  className?: string
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode
}) {
  const id = useId()
  const descriptionId = description ? `${id}-description` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className={cn('block text-sm font-medium text-neutral-800', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {description && (
        <p id={descriptionId} className="text-xs text-neutral-500">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}

type InputProps = Omit<ComponentProps<'input'>, 'id'> &
  FieldProps & {
    /** rendered after the input on the same line, e.g. a generate button */
    trailing?: ReactNode
    fieldClassName?: string
  }

export function Input({
  label,
  description,
  error,
  hideLabel,
  trailing,
  fieldClassName,
  className,
  ...props
}: InputProps) {
  return (
    <Field label={label} description={description} error={error} hideLabel={hideLabel} className={fieldClassName}>
      {(control) => (
        <div className="flex gap-2">
          <input {...control} {...props} className={cn(CONTROL_CLASSES, className)} />
          {trailing}
        </div>
      )}
    </Field>
  )
}
