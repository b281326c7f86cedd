import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { CONTROL_CLASSES, Field, type FieldProps } from './Input'

type TextareaProps = Omit<ComponentProps<'textarea'>, 'id'> & FieldProps & { fieldClassName?: string }

export function Textarea({ label, description, error, hideLabel, fieldClassName, className, ...props }: TextareaProps) {
  return (
    <Field label={label} description={description} error={error} hideLabel={hideLabel} className={fieldClassName}>
      {(control) => <textarea rows={6} {...control} {...props} className={cn(CONTROL_CLASSES, className)} />}
    </Field>
  )
}
