// @vitest-environment jsdom
import type { Project } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordedEvents } from '../../../lib/telemetry'
import { EXAMPLE_PROJECT_CARD_CLICKED, EXAMPLE_PROJECTS } from './project-layout.constants'
import { SettingUpState } from './SettingUpState'

const PROJECT = {
  id: 1,
  ref: 'abcdefghijklmnopqrst',
  name: 'Coming up',
  status: 'COMING_UP',
  organization_id: 1,
  organization_slug: 'org',
  region: 'local',
  cloud_provider: 'local',
  created_at: '2026-01-01T00:00:00Z',
  inserted_at: '2026-01-01T00:00:00Z',
  compute_size: 'nano',
  database: { host: '127.0.0.1', version: '17' },
  dbVersion: 'pgfleet-postgres-17.10',
  connectionString: null,
  restUrl: 'http://127.0.0.1/p/abcdefghijklmnopqrst/rest/v1/',
  postgrestStatus: 'ONLINE',
  unavailable_operations: { backup_download: null },
} as unknown as Project

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  // the project is still coming up each time the screen polls
  fetchMock.mockImplementation(async () => Response.json({ status: 'COMING_UP' }))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SettingUpState', () => {
  it('records example_project_card_clicked with the card it was', () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SettingUpState project={PROJECT} />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    const cards = screen.getAllByTestId('example-project-card')
    expect(cards).toHaveLength(EXAMPLE_PROJECTS.length)
    const before = recordedEvents().length
    fireEvent.click(cards[1] as HTMLElement)
    expect(recordedEvents().slice(before)).toEqual([
      expect.objectContaining({
        name: EXAMPLE_PROJECT_CARD_CLICKED,
        properties: { title: EXAMPLE_PROJECTS[1]?.title },
      }),
    ])
  })
})
