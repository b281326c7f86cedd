// @vitest-environment jsdom
import type { Backup } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BackupsList } from './BackupsList'

const backup: Backup = {
  id: 7,
  project_id: 1,
  inserted_at: '2026-11-26T03:00:00.000Z',
  kind: 'scheduled',
  size_bytes: 1024,
  postgres_major: 17,
  status: 'COMPLETED',
  isPhysicalBackup: true,
}

function renderList(canDownload: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BackupsList projectRef="abcdefghijklmnopqrst" backups={[backup]} canDownload={canDownload} />
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('BackupsList', () => {
  it('offers a download for each backup where the server allows it', () => {
    renderList(true)
    expect(screen.getAllByTestId('backup-download')).toHaveLength(1)
  })

  it('offers no download control where backups cannot be downloaded', () => {
    renderList(false)
    expect(screen.getAllByTestId('backup-row')).toHaveLength(1)
    expect(screen.queryByTestId('backup-download')).toBeNull()
  })
})
