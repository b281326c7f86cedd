import { type RefObject, useEffect, useState } from 'react'
import { debounce } from './debounce'

/** The element's width, re-read at most once per `debounceMs` while it resizes. */
export function useElementWidth(ref: RefObject<HTMLElement | null>, debounceMs: number, fallback: number) {
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.getBoundingClientRect().width)
    const update = debounce(() => setWidth(element.getBoundingClientRect().width), debounceMs)
    const observer = new ResizeObserver(() => update())
    observer.observe(element)
    return () => {
      observer.disconnect()
      update.cancel()
    }
  }, [ref, debounceMs])
  return width
}

/** The window's inner width, re-read at most once per `debounceMs` while the window resizes. */
export function useViewportWidth(debounceMs: number) {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    const update = debounce(() => setWidth(window.innerWidth), debounceMs)
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('resize', update)
      update.cancel()
    }
  }, [debounceMs])
  return width
}
