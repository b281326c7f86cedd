import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { type RestTestProject, startRestTestProject } from '../rest/testing'

/** A real platform and project for the auth server's suites, with supabase-js clients and the settings API. */
export interface AuthTestProject extends RestTestProject {
  authUrl: string
  /** changes the project's auth settings through the Management API (as the organization's owner) */
  configure(settings: Record<string, unknown>): Promise<Record<string, unknown>>
  /** a supabase-js client with the anon key and its own session (not persisted, not refreshed on its own) */
  authClient(options?: { key?: string }): SupabaseClient
  /** a raw request to the auth server */
  authFetch(
    path: string,
    init?: RequestInit & { key?: string | null; version?: string | null },
  ): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>
}

class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the auth tests')
  }
}

export async function startAuthTestProject(env: Record<string, string> = {}): Promise<AuthTestProject> {
  const p = await startRestTestProject(env)
  const authUrl = `${p.projectUrl}/auth/v1`
  return {
    ...p,
    authUrl,
    async configure(settings) {
      const answer = await p.api.patch<Record<string, unknown>>(`/v1/projects/${p.ref}/config/auth`, settings)
      if (answer.status !== 200) throw new Error(`auth settings refused: ${JSON.stringify(answer.body)}`)
      return answer.body
    },
    authClient(options = {}) {
      return createClient(p.projectUrl, options.key ?? p.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: NoRealtime as never },
      })
    },
    async authFetch(path, init = {}) {
      const headers = new Headers(init.headers)
      if (init.key !== null && !headers.has('apikey')) headers.set('apikey', init.key ?? p.anonKey)
      if (init.version !== null) headers.set('x-supabase-api-version', init.version ?? '2024-01-01')
      if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json')
      const response = await fetch(`${authUrl}${path}`, { ...init, headers, redirect: 'manual' })
      const text = await response.text()
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} }
    },
  }
}
