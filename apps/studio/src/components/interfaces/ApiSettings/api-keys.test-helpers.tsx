import type { ApiKeyResponse } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { vi } from 'vitest'
import { TooltipProvider } from '../../ui/Tooltip'

export const REF = 'abcdefghijklmnopqrst'

export const secretKey: ApiKeyResponse = {
  id: '3f2b8c1e-7d4a-4e55-9a4e-8f1a2b3c4d5e',
  name: 'billing_worker',
  api_key: 'sb_secret_Ab12c••••••••••••••••',
  type: 'secret',
  prefix: 'sb_secret_Ab12c',
  description: 'the billing job',
  hash: 'hash',
  secret_jwt_template: { role: 'service_role' },
  inserted_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
}

/** The platform at the HTTP boundary: each request is recorded and answered by `answer(method, path)`. */
export function stubPlatform(answer: (method: string, url: string) => { status: number; body: unknown }) {
  const requests: { method: string; url: string }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      const method = init?.method ?? 'GET'
      requests.push({ method, url })
      const { status, body } = answer(method, url)
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
  return requests
}

export function renderWithQueries(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>{children}</TooltipProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  return { queryClient, user: userEvent.setup() }
}
