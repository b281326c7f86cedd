// @vitest-environment jsdom
import type { AssistantConversation, CheckApiKeyResponse } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordedEvents } from '../../../lib/telemetry'
import { AssistantChat } from './AssistantChat'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }))

const CONVERSATION: AssistantConversation = {
  id: '5f0c8a52-3a47-4a43-9a55-0d4b9a3c2f11',
  name: 'New conversation',
  message_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  messages: [],
}
const READY: CheckApiKeyResponse = {
  hasKey: true,
  disabled: false,
  provider: 'openai',
  model: 'gpt-test',
  source: 'platform',
  metadataAllowed: true,
  rateLimitPerMinute: 20,
}

function sse(chunks: object[]): Response {
  const body = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
}

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  toastError.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  // the session's CSRF cookie, as the platform sets it at sign-in
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'csrf=token-123'
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderChat(status: CheckApiKeyResponse | undefined) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input)
    if (url.startsWith('/platform/feature-flags')) return Response.json({})
    throw new Error(`unexpected request ${url}`)
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AssistantChat projectRef="abcdefghijklmnopqrst" conversation={CONVERSATION} status={status} schema="public" />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return screen.getByTestId('assistant-input') as HTMLTextAreaElement
}

describe('AssistantChat', () => {
  it('shows the empty state and disables the input without a key', () => {
    const input = renderChat({ ...READY, hasKey: false })
    expect(screen.getByText('How can I assist you?')).toBeTruthy()
    expect(screen.getByTestId('assistant-blocker').textContent).toBe('OpenAI API key not set')
    expect(input.disabled).toBe(true)
  })

  it('says when the assistant is disabled', () => {
    const input = renderChat({ ...READY, disabled: true })
    expect(screen.getByTestId('assistant-blocker').textContent).toBe('Assistant has been temporarily disabled')
    expect(input.disabled).toBe(true)
  })

  it('keeps the input disabled until the platform says whether it can answer', () => {
    expect(renderChat(undefined).disabled).toBe(true)
  })

  it('invites a change when the panel has context', () => {
    expect(renderChat(READY).placeholder).toBe('Ask a question or make a change...')
  })

  it('sends on Enter with the project, conversation and CSRF header, and shows the streamed reply', async () => {
    const input = renderChat(READY)
    const requests: { url: string; init: RequestInit | undefined }[] = []
    const analytics: unknown[] = []
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).startsWith('/platform/feature-flags')) return Response.json({})
      if (String(url) === '/platform/telemetry/event') {
        analytics.push(JSON.parse(String(init?.body)))
        return Response.json({})
      }
      requests.push({ url: String(url), init })
      return sse([
        { type: 'start' },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'Here is ' },
        { type: 'text-delta', id: 't1', delta: 'your table.' },
        { type: 'text-end', id: 't1' },
        { type: 'finish' },
      ])
    })
    fireEvent.change(input, { target: { value: 'Help me to debug this' } })
    fireEvent.keyDown(input, { key: 'Enter' })

    await screen.findByText('Here is your table.')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.url).toBe('/api/ai/sql/generate-v3')
    const headers = new Headers(requests[0]?.init?.headers)
    expect(headers.get('x-csrf-token')).toBe('token-123')
    const body = JSON.parse(String(requests[0]?.init?.body))
    expect(body).toMatchObject({
      projectRef: 'abcdefghijklmnopqrst',
      chatId: CONVERSATION.id,
      includeSchemaMetadata: true,
      schema: 'public',
    })
    expect(body.messages.at(-1).parts).toEqual([{ type: 'text', text: 'Help me to debug this' }])
    expect(input.value).toBe('')
    expect(recordedEvents().at(-1)?.name).toBe('assistant_debug_submitted')
    // the event also goes to the platform's log
    expect(analytics).toEqual([
      { action: 'assistant_debug_submitted', page: '/', properties: { projectRef: 'abcdefghijklmnopqrst' } },
    ])
    await waitFor(() => expect(input.placeholder).toBe('Reply to the assistant...'))
  })

  it('shows the message of an error answer as a toast', async () => {
    const input = renderChat(READY)
    fetchMock.mockImplementation(async (url) => {
      if (String(url).startsWith('/platform/feature-flags')) return Response.json({})
      return Response.json({ message: 'Too many requests' }, { status: 429 })
    })
    fireEvent.change(input, { target: { value: 'hello' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to generate: Too many requests'))
  })
})
