// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REF, renderWithQueries, stubPlatform } from './api-keys.test-helpers'
import { LegacyApiKeysSwitch } from './LegacyApiKeysSwitch'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function platformWithLegacy(initially: boolean) {
  let enabled = initially
  return stubPlatform((method, url) => {
    if (method === 'PUT') enabled = url.includes('enabled=true')
    return { status: 200, body: url.includes('/api-keys/legacy') ? { enabled } : [] }
  })
}

describe('LegacyApiKeysSwitch', () => {
  it('asks before disabling the legacy keys, then says they are off', async () => {
    const requests = platformWithLegacy(true)
    const { user } = renderWithQueries(<LegacyApiKeysSwitch projectRef={REF} canManage />)
    const toggle = screen.getByTestId('legacy-api-keys-switch')
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    await user.click(toggle)
    const dialog = await screen.findByTestId('disable-legacy-api-keys-dialog')
    expect(requests.some((r) => r.method === 'PUT')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Disable legacy keys' }))
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))
    expect(requests).toContainEqual({
      method: 'PUT',
      url: expect.stringContaining(`/v1/projects/${REF}/api-keys/legacy?enabled=false`),
    })
    expect(screen.getByTestId('legacy-api-keys-disabled').textContent).toContain('Legacy API keys are disabled')
  })

  it('re-enables them without asking, and is read-only for members who may not change it', async () => {
    platformWithLegacy(false)
    const { user } = renderWithQueries(<LegacyApiKeysSwitch projectRef={REF} canManage />)
    const toggle = screen.getByTestId('legacy-api-keys-switch')
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))
    await user.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    expect(screen.queryByTestId('legacy-api-keys-disabled')).toBeNull()
    cleanup()
    platformWithLegacy(true)
    renderWithQueries(<LegacyApiKeysSwitch projectRef={REF} canManage={false} />)
    await waitFor(() => expect(screen.getByTestId('legacy-api-keys-switch').getAttribute('aria-checked')).toBe('true'))
    expect((screen.getByTestId('legacy-api-keys-switch') as HTMLButtonElement).disabled).toBe(true)
  })
})
