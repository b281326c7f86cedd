import { useEffect, useMemo, useRef } from 'react'

export type Debounced<Args extends unknown[]> = ((...args: Args) => void) & { cancel: () => void }

export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, waitMs: number): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const debounced = (...args: Args) => {
    clearTimeout(timer)
    timer = setTimeout(() => fn(...args), waitMs)
  }
  debounced.cancel = () => clearTimeout(timer)
  return debounced
}

/** A stable debounced function that always calls the latest `fn`; cancelled on unmount. */
export function useDebouncedCallback<Args extends unknown[]>(fn: (...args: Args) => void, waitMs: number) {
  const latest = useRef(fn)
  useEffect(() => {
    latest.current = fn
  })
  const debounced = useMemo(() => debounce((...args: Args) => latest.current(...args), waitMs), [waitMs])
  useEffect(() => () => debounced.cancel(), [debounced])
  return debounced
}
