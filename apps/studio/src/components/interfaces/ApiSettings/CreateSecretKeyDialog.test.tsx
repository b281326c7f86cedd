// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REF, renderWithQueries, secretKey, stubPlatform } from './api-keys.test-helpers'
import { CreateSecretKeyDialog } from './CreateSecretKeyDialog'

const VALUE = 'sb_secret_Zy98xwvutsrqponmlkjihgfedcba012345'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('CreateSecretKeyDialog', () => {
  it('checks the name before asking the platform, then shows the new key once', async () => {
    const requests = stubPlatform((method) => ({
      status: method === 'POST' ? 201 : 200,
      body: method === 'POST' ? { ...secretKey, name: 'billing_worker', api_key: VALUE } : [],
    }))
    const { user } = renderWithQueries(<CreateSecretKeyDialog projectRef={REF} canManage />)
    await user.click(screen.getByTestId('create-secret-key-button'))
    const dialog = await screen.findByTestId('create-secret-key-dialog')
    await user.type(within(dialog).getByTestId('secret-key-name-input'), 'Bad Name')
    await user.click(within(dialog).getByTestId('create-secret-key-confirm'))
    expect(dialog.textContent).toContain('Name can only contain lowercase letters, digits and underscores')
    expect(requests).toEqual([])

    await user.clear(within(dialog).getByTestId('secret-key-name-input'))
    await user.type(within(dialog).getByTestId('secret-key-name-input'), 'billing_worker')
    await user.click(within(dialog).getByTestId('create-secret-key-confirm'))
    await waitFor(() => expect(within(dialog).getByTestId('created-secret-key').textContent).toContain(VALUE))
    expect(requests[0]).toEqual({
      method: 'POST',
      url: expect.stringContaining(`/v1/projects/${REF}/api-keys?reveal=true`),
    })
  })

  it('is disabled for members who may not manage keys', () => {
    stubPlatform(() => ({ status: 500, body: {} }))
    renderWithQueries(<CreateSecretKeyDialog projectRef={REF} canManage={false} />)
    expect((screen.getByTestId('create-secret-key-button') as HTMLButtonElement).disabled).toBe(true)
  })
})
