// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REF, renderWithQueries, secretKey, stubPlatform } from './api-keys.test-helpers'
import { SecretApiKeyRow } from './SecretApiKeyRow'

const VALUE = 'sb_secret_Ab12cdefghijklmnopqrstuvwxyz012345'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SecretApiKeyRow', () => {
  it('shows the key masked, reveals its value on demand and hides it again', async () => {
    const requests = stubPlatform(() => ({ status: 200, body: { ...secretKey, api_key: VALUE } }))
    const { user } = renderWithQueries(<SecretApiKeyRow projectRef={REF} apiKey={secretKey} canReveal canManage />)
    expect(screen.getByTestId('secret-key-billing_worker-masked').textContent).toContain(secretKey.api_key ?? '')
    expect(requests).toEqual([])
    await user.click(screen.getByTestId('secret-key-billing_worker-reveal'))
    await waitFor(() => expect(screen.getByTestId('secret-key-billing_worker-value').textContent).toContain(VALUE))
    expect(requests[0]?.url).toContain(`/v1/projects/${REF}/api-keys/${secretKey.id}?reveal=true`)
    await user.click(screen.getByRole('button', { name: 'Hide' }))
    expect(screen.queryByText(VALUE)).toBeNull()
  })

  it('offers no reveal to members who may not read secret keys, nor revoking to who may not manage them', () => {
    const requests = stubPlatform(() => ({ status: 500, body: {} }))
    renderWithQueries(<SecretApiKeyRow projectRef={REF} apiKey={secretKey} canReveal={false} canManage={false} />)
    expect(screen.queryByTestId('secret-key-billing_worker-reveal')).toBeNull()
    expect((screen.getByTestId('secret-key-billing_worker-revoke') as HTMLButtonElement).disabled).toBe(true)
    expect(requests).toEqual([])
  })

  it('revokes the key only after the confirmation', async () => {
    const requests = stubPlatform((method) => ({ status: 200, body: method === 'DELETE' ? secretKey : [] }))
    const { user } = renderWithQueries(<SecretApiKeyRow projectRef={REF} apiKey={secretKey} canReveal canManage />)
    await user.click(screen.getByTestId('secret-key-billing_worker-revoke'))
    const dialog = await screen.findByTestId('secret-key-billing_worker-revoke-dialog')
    expect(dialog.textContent).toContain('Revoke the secret key billing_worker?')
    expect(requests).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }))
    await waitFor(() =>
      expect(requests).toContainEqual({
        method: 'DELETE',
        url: expect.stringContaining(`/v1/projects/${REF}/api-keys/${secretKey.id}`),
      }),
    )
    expect(await screen.findByText('Secret key billing_worker revoked')).toBeTruthy()
  })
})
