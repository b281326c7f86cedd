import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'

/**
 * A list of fixed-height rows where only the rows in view (and a few around them) are in the DOM, so a folder of
 * tens of thousands of objects scrolls as smoothly as one of ten. `onNearEnd` asks for the next page while the
 * last rows are still a screen away.
 */
const OVERSCAN_ROWS = 8
/**
 * The rendered window moves in steps of this many rows, not row by row: at wheel speeds (a few rows a frame) the
 * list then re-renders, and the browser lays its rows out again, every other frame or so instead of every frame.
 */
const STEP_ROWS = 8
const NEAR_END_ROWS = 40
/**
 * Containment keeps each frame's layout and paint inside the list (and each row): without it, reading the
 * scroll position after rows change lays out the whole page again.
 */
const SCROLLER_STYLE = { overflowY: 'auto', contain: 'strict' } as const
const ROW_STYLE = { position: 'absolute', left: 0, right: 0, contain: 'strict' } as const

export function VirtualList({
  count,
  rowHeight,
  renderRow,
  onNearEnd,
  footer,
  className,
  'data-testid': testId,
  'aria-label': ariaLabel,
}: {
  count: number
  rowHeight: number
  renderRow: (index: number) => ReactNode
  onNearEnd?: () => void
  /** below the rows: a spinner or an error while the next page loads */
  footer?: ReactNode
  className?: string
  'data-testid'?: string
  'aria-label'?: string
}) {
  const scroller = useRef<HTMLDivElement>(null)
  // the first row in view rounded down to a step, not the pixel offset: scrolling within a step renders nothing
  const [topRow, setTopRow] = useState(0)
  const [height, setHeight] = useState(600)

  useEffect(() => {
    const element = scroller.current
    if (!element) return
    const measure = () => setHeight(element.clientHeight || 600)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // topRow is a multiple of STEP_ROWS: the window reaches STEP_ROWS further down to cover the rows in between
  const first = Math.max(0, topRow - OVERSCAN_ROWS)
  const last = Math.min(count, topRow + Math.ceil(height / rowHeight) + 1 + OVERSCAN_ROWS + STEP_ROWS)
  const slots = Math.ceil(height / rowHeight) + 2 * OVERSCAN_ROWS + STEP_ROWS + 2

  const nearEnd = last >= count - NEAR_END_ROWS
  useEffect(() => {
    if (nearEnd) onNearEnd?.()
  }, [nearEnd, onNearEnd])

  const onScroll = useCallback(() => {
    const element = scroller.current
    if (element) setTopRow(Math.floor(element.scrollTop / rowHeight / STEP_ROWS) * STEP_ROWS)
  }, [rowHeight])

  // one slot per row in view, always in slot order: a row scrolled into view takes over the DOM of the one
  // scrolled out, and React never has to move nodes around
  const rows: ReactNode[] = new Array(slots).fill(null)
  for (let index = first; index < last; index++) {
    const slot = index % slots
    rows[slot] = (
      <li key={slot} style={{ ...ROW_STYLE, top: index * rowHeight, height: rowHeight }}>
        {renderRow(index)}
      </li>
    )
  }

  return (
    <div ref={scroller} onScroll={onScroll} className={className} style={SCROLLER_STYLE} data-testid={testId}>
      <ul aria-label={ariaLabel} style={{ position: 'relative', height: count * rowHeight }}>
        {rows}
      </ul>
      {footer}
    </div>
  )
}
