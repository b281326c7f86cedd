// @vitest-environment jsdom
import type { Project } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DownloadLatestBackupButton } from './DownloadLatestBackupButton'

const REASON = 'Backups of projects on Kubernetes cannot be downloaded: restore them here.'

const project = (backupDownload: string | null): Project => ({
  id: 1,
  ref: 'abcdefghijklmnopqrst',
  name: 'Shop',
  status: 'PAUSE_FAILED',
  organization_id: 1,
  organization_slug: 'acme',
  region: 'local',
  cloud_provider: 'local',
  created_at: '2026-01-01T00:00:00.000Z',
  inserted_at: '2026-01-01T00:00:00.000Z',
  compute_size: 'micro',
  database: { host: '127.0.0.1', port: 55401, version: '17.10', postgres_engine: '17' },
  dbVersion: 'pgfleet-postgres-17.10',
  connectionString: null,
  restUrl: 'http://127.0.0.1/p/abcdefghijklmnopqrst/rest/v1/',
  postgrestStatus: 'OFFLINE',
  unavailable_operations: { backup_download: backupDownload },
})

function renderButton(value: Project) {
  const fetchStub = vi.fn(async () => new Response(JSON.stringify({}), { status: 200 }))
  vi.stubGlobal('fetch', fetchStub)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <DownloadLatestBackupButton project={value} />
    </QueryClientProvider>,
  )
  return fetchStub
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('DownloadLatestBackupButton', () => {
  it('is disabled with the server’s reason where backups cannot be downloaded, and asks nothing', () => {
    const fetchStub = renderButton(project(REASON))
    expect(screen.getByRole('button', { name: /download/i })).toHaveProperty('disabled', true)
    expect(screen.getByText(REASON)).toBeTruthy()
    expect(fetchStub).not.toHaveBeenCalled()
  })

  it('offers the download where the server allows it', async () => {
    renderButton(project(null))
    // enabled once the pause status (which names the latest backup) has been asked
    await waitFor(() => expect(screen.getByTestId('download-latest-backup')).toHaveProperty('disabled', false))
    expect(screen.queryByTestId('download-latest-backup-unavailable')).toBeNull()
  })
})
