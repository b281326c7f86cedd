// @vitest-environment jsdom
import type { Project } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { projectKeys } from '../../../data/projects/keys'
import { TooltipProvider } from '../../ui/Tooltip'
import { PauseProjectButton } from './PauseProjectButton'

const project: Project = {
  id: 1,
  ref: 'abcdefghijklmnopqrst',
  name: 'Shop',
  status: 'ACTIVE_HEALTHY',
  organization_id: 1,
  organization_slug: 'acme',
  region: 'local',
  cloud_provider: 'local',
  created_at: '2026-01-01T00:00:00.000Z',
  inserted_at: '2026-01-01T00:00:00.000Z',
  compute_size: 'micro',
  database: { host: '127.0.0.1', port: 55401, version: '17.10', postgres_engine: '17' },
  dbVersion: 'pgfleet-postgres-17.10',
  connectionString: 'postgresql://postgres:[YOUR-PASSWORD]@127.0.0.1:55401/postgres',
  restUrl: 'http://127.0.0.1/p/abcdefghijklmnopqrst/rest/v1/',
  postgrestStatus: 'ONLINE',
  unavailable_operations: { backup_download: null },
}

const PAUSE_PATH = `/platform/projects/${project.ref}/pause`

type Answer = { status: number; body: unknown }

/** The platform at the HTTP boundary: each request waits for the answer the test gives it. */
function stubPlatform() {
  const requests: { path: string; init: RequestInit | undefined; answer: (answer: Answer) => void }[] = []
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url
    return new Promise<Response>((resolve) => {
      requests.push({
        path,
        init,
        answer: ({ status, body }) =>
          resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
      })
    })
  })
  vi.stubGlobal('fetch', fetchStub)
  return { fetchStub, requests }
}

function renderButton(props: { canOperate?: boolean; allowedInStatus?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  queryClient.setQueryData(projectKeys.detail(project.ref), project)
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <PauseProjectButton
          project={project}
          canOperate={props.canOperate ?? true}
          allowedInStatus={props.allowedInStatus ?? true}
        />
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  return { queryClient, user: userEvent.setup() }
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the fetcher reads the csrf cookie from document.cookie, as in the browser
  document.cookie = 'csrf=test-csrf-token'
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('PauseProjectButton', () => {
  it('asks for confirmation before pausing, and Cancel sends nothing', async () => {
    const { fetchStub } = stubPlatform()
    const { user } = renderButton()

    await user.click(screen.getByRole('button', { name: 'Pause project' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause this project?' })
    expect(within(dialog).getByText(/inaccessible until you restore it/)).toBeTruthy()
    expect(fetchStub).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fetchStub).not.toHaveBeenCalled()
  })

  it('pauses on confirmation, shows the request in progress, then closes and says it started', async () => {
    const { requests } = stubPlatform()
    const { user, queryClient } = renderButton()

    await user.click(screen.getByRole('button', { name: 'Pause project' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause this project?' })
    await user.click(within(dialog).getByRole('button', { name: 'Pause project' }))

    await waitFor(() => expect(requests).toHaveLength(1))
    const [request] = requests
    expect(request?.path).toBe(PAUSE_PATH)
    expect(request?.init?.method).toBe('POST')
    expect(new Headers(request?.init?.headers).get('x-csrf-token')).toBe('test-csrf-token')

    // in progress: the action shows it is busy and neither button can be used twice
    const confirm = within(dialog).getByRole('button', { name: 'Pause project' })
    expect(confirm.getAttribute('aria-busy')).toBe('true')
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)

    request?.answer({ status: 200, body: { ...project, status: 'PAUSING' } })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Pausing project')).toBeTruthy()
    // the pausing screen opens from the project detail, which now says PAUSING
    expect(queryClient.getQueryData<Project>(projectKeys.detail(project.ref))?.status).toBe('PAUSING')
  })

  it('keeps the dialog open with the error when the pause is refused, so it can be tried again', async () => {
    const { requests } = stubPlatform()
    const { user, queryClient } = renderButton()

    await user.click(screen.getByRole('button', { name: 'Pause project' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause this project?' })
    await user.click(within(dialog).getByRole('button', { name: 'Pause project' }))
    await waitFor(() => expect(requests).toHaveLength(1))
    requests[0]?.answer({ status: 409, body: { message: 'The project is restarting' } })

    expect(await screen.findByText('Failed to pause project: The project is restarting')).toBeTruthy()
    const confirm = within(screen.getByRole('dialog', { name: 'Pause this project?' })).getByRole('button', {
      name: 'Pause project',
    }) as HTMLButtonElement
    await waitFor(() => expect(confirm.disabled).toBe(false))
    expect(queryClient.getQueryData<Project>(projectKeys.detail(project.ref))?.status).toBe('ACTIVE_HEALTHY')

    await user.click(confirm)
    await waitFor(() => expect(requests).toHaveLength(2))
  })

  it('says so when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { user } = renderButton()
    await user.click(screen.getByRole('button', { name: 'Pause project' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause this project?' })
    await user.click(within(dialog).getByRole('button', { name: 'Pause project' }))
    expect(await screen.findByText(/^Failed to pause project: Unable to reach the pgfleet server/)).toBeTruthy()
  })

  it('cannot be used without the permission, or in a status that does not allow pausing', () => {
    stubPlatform()
    renderButton({ canOperate: false })
    expect((screen.getByRole('button', { name: 'Pause project' }) as HTMLButtonElement).disabled).toBe(true)
    cleanup()
    renderButton({ allowedInStatus: false })
    expect((screen.getByRole('button', { name: 'Pause project' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
