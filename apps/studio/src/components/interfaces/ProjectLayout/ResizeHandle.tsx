import { type KeyboardEvent, type PointerEvent, useRef } from 'react'
import { cn } from '../../../lib/cn'
import { RESIZE_KEYBOARD_STEP_PX } from './project-layout.constants'

type ResizeHandleProps = {
  label: string
  /** current width of the panel the handle resizes */
  value: number
  min: number
  max: number
  /** 1 when the panel is left of the handle (dragging right grows it), -1 when it is right of it */
  direction: 1 | -1
  onResize: (width: number) => void
  className?: string
}

/** A drag handle (and keyboard splitter: arrows, Home, End) between two panels. */
export function ResizeHandle({ label, value, min, max, direction, onResize, className }: ResizeHandleProps) {
  const drag = useRef<{ startX: number; startValue: number } | null>(null)

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { startX: event.clientX, startValue: value }
  }

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return
    onResize(drag.current.startValue + direction * (event.clientX - drag.current.startX))
  }

  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = null
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step) onResize(value + step * direction * RESIZE_KEYBOARD_STEP_PX)
    else if (event.key === 'Home') onResize(min)
    else if (event.key === 'End') onResize(max)
    else return
    event.preventDefault()
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter has no native element; <hr> cannot take focus or a value
    <div
      role="separator"
      aria-label={label}
      aria-orientation="vertical"
      aria-valuenow={Math.round(value)}
      aria-valuemin={Math.round(min)}
      aria-valuemax={Math.round(max)}
      tabIndex={0}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onKeyDown={handleKeyDown}
      className={cn(
        'group relative hidden w-1.5 shrink-0 cursor-col-resize touch-none select-none md:block',
        'focus-visible:outline-none',
        className,
      )}
    >
      <span className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-neutral-200 transition-colors group-hover:bg-emerald-500 group-focus-visible:w-0.5 group-focus-visible:bg-emerald-600" />
    </div>
  )
}
