import type { UIMessage } from 'ai'
import { type ReactNode, useLayoutEffect, useRef, useState, useTransition } from 'react'
import { THINKING_LABEL } from './assistant.constants'
import { isStuckToBottom } from './assistant.utils'
import { MessageRow } from './MessageRow'

/**
 * Rows rendered at first; scrolling near the top shows this many more (a long conversation opens fast). Small
 * steps, rendered as a transition React can pause between rows, keep each frame short while scrolling up.
 */
export const MESSAGE_WINDOW_STEP = 10
const LOAD_EARLIER_WITHIN_PX = 200

/**
 * The conversation. It stays scrolled to the bottom while new text arrives, unless the user has scrolled up
 * more than a few pixels; only the latest rows are rendered until the user scrolls up to older ones.
 */
export function MessageList({
  messages,
  projectRef,
  thinking,
  footer,
}: {
  messages: UIMessage[]
  projectRef: string
  /** the request is out and no reply text has arrived yet */
  thinking: boolean
  footer?: ReactNode
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const stuck = useRef(true)
  const [shown, setShown] = useState(MESSAGE_WINDOW_STEP)
  const start = Math.max(0, messages.length - shown)
  const visible = start === 0 ? messages : messages.slice(start)
  /** the content's height when earlier rows were asked for: their height is added to the scroll position */
  const heightBefore = useRef<number | null>(null)
  const shownBefore = useRef(shown)
  const [loadingEarlier, startLoadingEarlier] = useTransition()

  const onScroll = () => {
    const element = scrollRef.current
    if (!element) return
    stuck.current = isStuckToBottom(element)
    if (element.scrollTop < LOAD_EARLIER_WITHIN_PX && start > 0 && !loadingEarlier) {
      // keep the row under the pointer in place when earlier rows appear above it
      heightBefore.current = element.scrollHeight
      startLoadingEarlier(() => setShown((count) => count + MESSAGE_WINDOW_STEP))
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the content
  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    if (heightBefore.current !== null && shown !== shownBefore.current) {
      element.scrollTop += element.scrollHeight - heightBefore.current
      heightBefore.current = null
      shownBefore.current = shown
      return
    }
    shownBefore.current = shown
    if (stuck.current) element.scrollTop = element.scrollHeight
  }, [messages, thinking, shown])

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto"
      data-testid="assistant-messages"
    >
      <ol aria-label="Conversation">
        {visible.map((message) => (
          <MessageRow key={message.id} message={message} projectRef={projectRef} />
        ))}
      </ol>
      {thinking && (
        <p
          className="flex items-center gap-2 px-4 py-3 text-sm text-neutral-500"
          role="status"
          data-testid="assistant-thinking"
        >
          <span className="inline-flex gap-0.5" aria-hidden="true">
            <span className="size-1.5 animate-pulse rounded-full bg-neutral-400" />
            <span className="size-1.5 animate-pulse rounded-full bg-neutral-400 [animation-delay:150ms]" />
            <span className="size-1.5 animate-pulse rounded-full bg-neutral-400 [animation-delay:300ms]" />
          </span>
          {THINKING_LABEL}
        </p>
      )}
      {footer}
    </div>
  )
}
