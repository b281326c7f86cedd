import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'

/**
 * A list of fixed-height rows where only the rows in view (and a few around them) are in the DOM, so a folder of
 * tens of thousands of objects scrolls as smoothly as one of ten. `onNearEnd` asks for the next page while the
 * last rows are still a screen away.
 */
const OVERSCAN_ROWS = 8
const NEAR_END_ROWS = 40

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
  // the first row in view, not the pixel offset: scrolling within a row renders nothing
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

  const first = Math.max(0, topRow - OVERSCAN_ROWS)
  const last = Math.min(count, topRow + Math.ceil(height / rowHeight) + 1 + OVERSCAN_ROWS)
  const slots = Math.ceil(height / rowHeight) + 2 * OVERSCAN_ROWS + 2

  const nearEnd = last >= count - NEAR_END_ROWS
  useEffect(() => {
    if (nearEnd) onNearEnd?.()
  }, [nearEnd, onNearEnd])

  const onScroll = useCallback(() => {
    const element = scroller.current
    if (element) setTopRow(Math.floor(element.scrollTop / rowHeight))
  }, [rowHeight])

  const rows: ReactNode[] = []
  for (let index = first; index < last; index++) {
    rows.push(
      // keyed by slot, not by row: a row scrolled into view reuses the DOM of one scrolled out
      <li
        key={index % slots}
        style={{ position: 'absolute', top: index * rowHeight, height: rowHeight, left: 0, right: 0 }}
      >
        {renderRow(index)}
      </li>,
    )
  }

  return (
    <div ref={scroller} onScroll={onScroll} className={className} style={{ overflowY: 'auto' }} data-testid={testId}>
      <ul aria-label={ariaLabel} style={{ position: 'relative', height: count * rowHeight }}>
        {rows}
      </ul>
      {footer}
    </div>
  )
}
