import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

type SwitchProps = Omit<ComponentProps<'button'>, 'role' | 'onClick' | 'onChange'> & {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  /** the accessible name: what the switch turns on and off */
  label: string
}

/** An on/off toggle (role="switch"); its state is announced as checked or not. */
export function Switch({ checked, onCheckedChange, label, className, disabled, ...props }: SwitchProps) {
  return (
    <button
      {...props}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
        'disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-emerald-600' : 'bg-neutral-300',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'inline-block size-4 rounded-full bg-white shadow-sm transition-transform',
          checked ? 'translate-x-4.5' : 'translate-x-0.5',
        )}
      />
    </button>
  )
}
