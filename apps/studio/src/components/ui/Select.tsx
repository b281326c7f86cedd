import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { CONTROL_CLASSES, Field, type FieldProps } from './Input'

export type SelectOption = { value: string; label: string; disabled?: boolean }

type SelectProps = Omit<ComponentProps<'select'>, 'id' | 'children'> &
  FieldProps & { options: readonly SelectOption[]; fieldClassName?: string }

export function Select({
  label,
  description,
  error,
  hideLabel,
  options,
  fieldClassName,
  className,
  ...props
}: SelectProps) {
  return (
    <Field label={label} description={description} error={error} hideLabel={hideLabel} className={fieldClassName}>
      {(control) => (
        <select {...control} {...props} className={cn(CONTROL_CLASSES, 'pr-8', className)}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
