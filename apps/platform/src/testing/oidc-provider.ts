import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/**
 * A real OpenID Connect provider on loopback for the auth server's tests, built on `oidc-provider`. Its one
 * client is the project under test; sign-in and consent complete on their own (as the account the test names),
 * so a test follows the browser's redirects without a login page.
 */
export interface TestOidcProvider {
  issuer: string
  port: number
  clientId: string
  clientSecret: string
  /** the account the next sign-in completes as */
  signInAs(account: { sub: string; email: string; name: string }): void
  close(): Promise<void>
}

export async function startTestOidcProvider(redirectUris: string[], listenPort = 0): Promise<TestOidcProvider> {
  const server = http.createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, '127.0.0.1', resolve)
  })
  const port = (server.address() as AddressInfo).port
  const issuer = `http://127.0.0.1:${port}`
  const clientId = 'pgfleet-test-client'
  const clientSecret = 'pgfleet-test-client-secret-0123456789'
  const accounts = new Map<string, { sub: string; email: string; name: string }>()
  let next = { sub: 'oidc-user-1', email: 'oidc-user@example.com', name: 'Oidc User' }
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['pgfleet-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id)
      if (!account) return undefined
      return {
        accountId: id,
        claims: async () => ({ sub: account.sub, email: account.email, email_verified: true, name: account.name }),
      }
    },
  })
  const callback = provider.callback()
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res)
    void (async () => {
      const details = await provider.interactionDetails(req, res)
      if (details.prompt.name === 'login') {
        accounts.set(next.sub, next)
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: next.sub } },
          { mergeWithLastSubmission: false },
        )
        return
      }
      const grant = new provider.Grant({
        accountId: details.session?.accountId as string,
        clientId: details.params.client_id as string,
      })
      grant.addOIDCScope('openid email profile')
      const grantId = await grant.save()
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })
  return {
    issuer,
    port,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
