// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BucketBrowserPage } from './BucketBrowserPage'

/** The storage browser's upload queue against a fake platform: fetch for JSON routes, XMLHttpRequest for uploads. */
const BUCKET = {
  id: 'docs',
  name: 'docs',
  owner: null,
  public: false,
  allowed_mime_types: null,
  file_size_limit: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}

let listCalls = 0
const signRequests: { path: string; expiresIn: number; download: boolean }[] = []
const SIGNED_URL = 'http://platform.test/p/ref/storage/v1/object/sign/docs/readme.txt?token=t'

function platform(canWrite: boolean) {
  return (url: string, init: RequestInit): { status: number; body: unknown } | undefined => {
    const path = url.split('?')[0]
    if (path === '/platform/storage/ref/buckets/docs/objects/sign') {
      signRequests.push(JSON.parse(String(init.body)))
      return { status: 200, body: { signedUrl: SIGNED_URL, expiresAt: '2026-01-01T01:00:00Z' } }
    }
    if (url === SIGNED_URL) return { status: 200, body: 'hello' }
    if (path === '/platform/profile/permissions') {
      const permissions = [{ action: 'read', resource: 'storage' }]
      if (canWrite) permissions.push({ action: 'update', resource: 'storage' })
      return {
        status: 200,
        body: [{ organization_id: 1, organization_slug: 'org', role_name: 'Developer', permissions }],
      }
    }
    if (path === '/platform/projects/ref') {
      return { status: 200, body: { ref: 'ref', name: 'p', status: 'ACTIVE_HEALTHY', organization_slug: 'org' } }
    }
    if (path === '/platform/storage/ref/buckets') return { status: 200, body: [BUCKET] }
    if (path === '/platform/storage/ref/buckets/docs/objects/list') {
      listCalls++
      return {
        status: 200,
        body: {
          entries: [
            { name: 'photos', id: null, updated_at: null, created_at: null, metadata: null },
            {
              name: 'readme.txt',
              id: 'o1',
              updated_at: '2026-01-01T00:00:00Z',
              created_at: '2026-01-01T00:00:00Z',
              metadata: { size: 5, mimetype: 'text/plain', lastModified: null },
            },
          ],
          nextOffset: null,
        },
      }
    }
    return undefined
  }
}

/** An XMLHttpRequest the test drives: progress, then an answer, or an abort. */
class FakeXhr {
  static sent: FakeXhr[] = []
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: Blob | null = null
  status = 0
  responseText = ''
  withCredentials = false
  aborted = false
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: Blob) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: this.body?.size ?? 0, lengthComputable: true })
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

function renderBrowser(canWrite: boolean) {
  const handler = platform(canWrite)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const answer = handler(url, init) ?? { status: 404, body: { message: `no route ${url}` } }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/project/ref/storage/buckets/docs']}>
        <Routes>
          <Route path="/project/:ref/storage/buckets/:id" element={<BucketBrowserPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

const fileOf = (name: string, bytes: number, type = 'text/plain') => new File(['x'.repeat(bytes)], name, { type })
const uploads = () => screen.getAllByTestId('upload-item')
const bar = (name: string) => screen.getByRole('progressbar', { name: `Upload of ${name}` })

beforeEach(() => {
  FakeXhr.sent = []
  listCalls = 0
  signRequests.length = 0
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('storage browser uploads', () => {
  it('uploads picked files to the open folder with a progress bar each, and refreshes the listing', async () => {
    const user = renderBrowser(true)
    await screen.findByTestId('entry-readme.txt')
    await user.upload(screen.getByTestId('upload-input'), [fileOf('a.txt', 100), fileOf('b.txt', 200)])
    expect(FakeXhr.sent).toHaveLength(2)
    const [a, b] = FakeXhr.sent as [FakeXhr, FakeXhr]
    expect(a.url).toBe('/platform/storage/ref/buckets/docs/objects/upload?path=a.txt&upsert=false')
    expect(a.headers['content-type']).toBe('text/plain')
    a.progress(50)
    await waitFor(() => expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('50'))
    expect(bar('b.txt').getAttribute('aria-valuenow')).toBe('0')
    const listedBefore = listCalls
    a.answer(200, { id: 'x', path: 'a.txt' })
    await waitFor(() => expect(uploads()[0]?.dataset.status).toBe('done'))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('100')
    await waitFor(() => expect(listCalls).toBeGreaterThan(listedBefore))
    b.answer(200, { id: 'y', path: 'b.txt' })
    await waitFor(() => expect(uploads()[1]?.dataset.status).toBe('done'))
  })

  it("shows the server's message for a failed file and sends it again on retry", async () => {
    const user = renderBrowser(true)
    await screen.findByTestId('entry-readme.txt')
    // open the folder first: the upload goes into it
    await user.click(within(screen.getByTestId('entry-photos')).getByRole('button'))
    await screen.findByTestId('folder-column-photos')
    await user.upload(screen.getByTestId('upload-input'), fileOf('big.zip', 10, 'application/zip'))
    const first = FakeXhr.sent[0] as FakeXhr
    expect(first.url).toContain('path=photos%2Fbig.zip')
    first.answer(415, { message: 'mime type application/zip is not supported' })
    expect((await screen.findByRole('alert')).textContent).toContain('mime type application/zip is not supported')
    expect(uploads()[0]?.dataset.status).toBe('failed')
    await user.click(screen.getByRole('button', { name: 'Retry upload of big.zip' }))
    expect(FakeXhr.sent).toHaveLength(2)
    expect(uploads()[0]?.dataset.status).toBe('uploading')
    ;(FakeXhr.sent[1] as FakeXhr).answer(200, { id: 'z', path: 'photos/big.zip' })
    await waitFor(() => expect(uploads()[0]?.dataset.status).toBe('done'))
  })

  it('offers to replace an object that already has the path, and then overwrites it', async () => {
    const user = renderBrowser(true)
    await screen.findByTestId('entry-readme.txt')
    await user.upload(screen.getByTestId('upload-input'), fileOf('readme.txt', 5))
    ;(FakeXhr.sent[0] as FakeXhr).answer(409, { message: 'The resource already exists' })
    await user.click(await screen.findByRole('button', { name: 'Replace the existing readme.txt' }))
    expect((FakeXhr.sent[1] as FakeXhr).url).toBe(
      '/platform/storage/ref/buckets/docs/objects/upload?path=readme.txt&upsert=true',
    )
  })

  it('cancels a running upload, aborting its request', async () => {
    const user = renderBrowser(true)
    await screen.findByTestId('entry-readme.txt')
    await user.upload(screen.getByTestId('upload-input'), fileOf('slow.txt', 1000))
    ;(FakeXhr.sent[0] as FakeXhr).progress(300)
    await user.click(screen.getByRole('button', { name: 'Cancel upload of slow.txt' }))
    expect((FakeXhr.sent[0] as FakeXhr).aborted).toBe(true)
    expect(uploads()[0]?.dataset.status).toBe('cancelled')
    expect(screen.getByRole('button', { name: 'Retry upload of slow.txt' })).toBeTruthy()
  })

  it('shows a network failure in words', async () => {
    const user = renderBrowser(true)
    await screen.findByTestId('entry-readme.txt')
    await user.upload(screen.getByTestId('upload-input'), fileOf('a.txt', 10))
    ;(FakeXhr.sent[0] as FakeXhr).onerror?.()
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to reach the pgfleet server')
  })

  it('uploads files dropped on the browser', async () => {
    renderBrowser(true)
    await screen.findByTestId('entry-readme.txt')
    const zone = screen.getByTestId('drop-zone')
    const files = [fileOf('dropped.txt', 10)]
    fireEvent.dragOver(zone, { dataTransfer: { files, types: ['Files'] } })
    expect(screen.getByText('Drop files here to upload them to this folder')).toBeTruthy()
    fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } })
    expect(FakeXhr.sent.map((xhr) => xhr.url)).toEqual([
      '/platform/storage/ref/buckets/docs/objects/upload?path=dropped.txt&upsert=false',
    ])
    expect(screen.queryByText('Drop files here to upload them to this folder')).toBeNull()
  })

  it('previews a text file and copies a signed URL with the chosen expiry', async () => {
    const user = renderBrowser(true)
    // after setup: user-event puts its own clipboard in place
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(within(await screen.findByTestId('entry-readme.txt')).getByRole('button'))
    const panel = await screen.findByTestId('preview-panel')
    await waitFor(() => expect(within(panel).getByTestId('text-preview').textContent).toBe('"hello"'))
    await user.selectOptions(within(panel).getByTestId('signed-url-expiry'), '86400')
    await user.click(within(panel).getByTestId('copy-object-url'))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SIGNED_URL))
    expect(signRequests.at(-1)).toEqual({ path: 'readme.txt', expiresIn: 86400, download: false })
  })

  it('gives a Read-only member no upload, folder or selection controls', async () => {
    renderBrowser(false)
    await screen.findByTestId('entry-readme.txt')
    expect(screen.getByText(/You can browse and download objects/)).toBeTruthy()
    expect(screen.queryByTestId('upload-button')).toBeNull()
    expect(screen.queryByTestId('upload-input')).toBeNull()
    expect(screen.queryByTestId('new-folder-button')).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})
