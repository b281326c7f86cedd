import { type RefObject, useEffect, useRef, useState } from 'react'

/**
 * Whether the element has come within `rootMargin` of the viewport (once true, it stays true). Long lists use it
 * to mount heavy rows only when they are about to be seen. Without IntersectionObserver (tests) it is true at once.
 */
export function useInView<T extends Element>(rootMargin = '400px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null)
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (inView || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        setInView(true)
        observer.disconnect()
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [inView, rootMargin])
  return [ref, inView]
}
