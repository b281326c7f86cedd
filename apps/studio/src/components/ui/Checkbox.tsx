import { type ComponentProps, type ReactNode, useId } from 'react'

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & { label: ReactNode; description?: ReactNode }

export function Checkbox({ label, description, ...props }: CheckboxProps) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-4 rounded border-neutral-300 accent-emerald-600 disabled:cursor-not-allowed"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-neutral-800">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-neutral-500">
            {description}
          </p>
        )}
      </div>
    </div>
  )
}
