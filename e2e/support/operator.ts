import { expect, type Page, request } from '@playwright/test'

/** The platform's instance administrator (PGFLEET_ADMIN_EMAIL in playwright.config.ts): only it sets plans. */
export const E2E_OPERATOR = { email: 'operator@pgfleet.test', password: 'e2e-operator-password' }

/**
 * Sets an organization's plan as the operator does: signed in as the instance administrator, in a request context of
 * its own (the page keeps its user's session). Plans are the operator's decision, never an Owner's.
 */
export async function setPlanAsOperator(page: Page, slug: string, plan: string): Promise<void> {
  const origin = new URL(page.url()).origin
  const operator = await request.newContext({ baseURL: origin })
  try {
    const login = await operator.post('/platform/auth/login', { data: E2E_OPERATOR, headers: { origin } })
    expect(login.status(), await login.text()).toBe(200)
    const csrf = (await operator.storageState()).cookies.find((cookie) => cookie.name === 'csrf')?.value ?? ''
    const answer = await operator.put(`/platform/organizations/${slug}/billing/subscription`, {
      data: { plan },
      headers: { 'x-csrf-token': csrf, origin },
    })
    expect(answer.status(), await answer.text()).toBe(200)
  } finally {
    await operator.dispose()
  }
}
