// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { UIMessage } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { MESSAGE_WINDOW_STEP, MessageList } from './MessageList'

afterEach(cleanup)

const conversation = (count: number): UIMessage[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', text: `message number ${index}` }],
  }))

describe('MessageList', () => {
  it('renders the latest rows first and earlier ones as the user scrolls to the top', async () => {
    const messages = conversation(MESSAGE_WINDOW_STEP * 2 + 5)
    render(<MessageList messages={messages} projectRef="abc" thinking={false} />)
    const rows = () => screen.queryAllByTestId('assistant-message')
    expect(rows()).toHaveLength(MESSAGE_WINDOW_STEP)
    expect(rows().at(-1)?.textContent).toBe(`message number ${messages.length - 1}`)

    const list = screen.getByTestId('assistant-messages')
    fireEvent.scroll(list)
    await waitFor(() => expect(rows()).toHaveLength(MESSAGE_WINDOW_STEP * 2))
    fireEvent.scroll(list)
    await waitFor(() => expect(rows()).toHaveLength(messages.length))
    expect(rows()[0]?.textContent).toBe('message number 0')
  })
})
