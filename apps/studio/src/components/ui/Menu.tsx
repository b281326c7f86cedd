import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import { cn } from '../../lib/cn'

export type MenuItem = {
  label: string
  onSelect: () => void
  disabled?: boolean
  danger?: boolean
  /** shown checked (a sort option in use) */
  checked?: boolean
}

/** A button that opens a list of actions; closes on selection, Escape or a click elsewhere. */
export function Menu({
  label,
  trigger,
  items,
  align = 'end',
  className,
  triggerClassName,
  'data-testid': testId,
}: {
  /** the button's accessible name */
  label: string
  trigger: ReactNode
  items: readonly MenuItem[]
  align?: 'start' | 'end'
  className?: string
  triggerClassName?: string
  'data-testid'?: string
}) {
  const [open, setOpen] = useState(false)
  const [position, setPosition] = useState<CSSProperties>()
  const rootRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const id = useId()

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!rootRef.current?.contains(target) && !listRef.current?.contains(target)) setOpen(false)
    }
    // a fixed list would stay put while its trigger scrolls away
    const onScroll = (event: Event) => {
      if (!listRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    window.addEventListener('scroll', onScroll, true)
    listRef.current?.querySelector<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)')?.focus()
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('scroll', onScroll, true)
    }
  }, [open])

  const close = () => {
    setOpen(false)
    triggerRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)') ?? []),
    ]
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1
    buttons[(next + buttons.length) % buttons.length]?.focus()
  }

  return (
    <div ref={rootRef} className={cn('relative inline-flex', className)} data-testid={testId}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event) => {
          event.stopPropagation()
          // the list is placed on the page itself, so a clipping or scrolling container cannot hide it
          const rect = event.currentTarget.getBoundingClientRect()
          setPosition(
            align === 'end'
              ? { top: rect.bottom + 4, right: window.innerWidth - rect.right }
              : { top: rect.bottom + 4, left: rect.left },
          )
          setOpen((value) => !value)
        }}
        className={cn('rounded p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900', triggerClassName)}
      >
        {trigger}
      </button>
      {open &&
        createPortal(
          <div
            ref={listRef}
            id={id}
            role="menu"
            aria-label={label}
            tabIndex={-1}
            onKeyDown={onKeyDown}
            style={position}
            className="fixed z-50 max-h-72 min-w-44 overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg"
          >
            {items.map((item) => {
              const className = cn(
                'flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm whitespace-nowrap hover:bg-neutral-100 focus:bg-neutral-100 focus:outline-none disabled:opacity-50',
                item.danger ? 'text-red-700' : 'text-neutral-800',
              )
              const onClick = (event: MouseEvent) => {
                event.stopPropagation()
                close()
                item.onSelect()
              }
              return item.checked === undefined ? (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  disabled={item.disabled}
                  onClick={onClick}
                  className={className}
                >
                  {item.label}
                </button>
              ) : (
                <button
                  key={item.label}
                  type="button"
                  role="menuitemradio"
                  aria-checked={item.checked}
                  disabled={item.disabled}
                  onClick={onClick}
                  className={className}
                >
                  <span aria-hidden="true" className="w-3">
                    {item.checked ? '✓' : ''}
                  </span>
                  {item.label}
                </button>
              )
            })}
          </div>,
          document.body,
        )}
    </div>
  )
}
