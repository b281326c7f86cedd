import type { EdgeFunction } from '@pgfleet/contracts'

/** Helpers shared by the edge function suites and the bench: deploys over the real multipart API. */

export interface DeployOptions {
  baseUrl: string
  /** a personal access token (pgf_…) */
  token: string
  ref: string
  slug: string
  files: Record<string, string>
  metadata?: Record<string, unknown>
}

/** POST /v1/projects/{ref}/functions/deploy the way the dashboard does it: FormData with a metadata field. */
export async function deployFunctionFiles({
  baseUrl,
  token,
  ref,
  slug,
  files,
  metadata = { entrypoint_path: 'index.ts', name: slug, verify_jwt: true },
}: DeployOptions): Promise<{ status: number; body: EdgeFunction & { message?: string } }> {
  const form = new FormData()
  form.append('metadata', JSON.stringify(metadata))
  for (const [name, content] of Object.entries(files)) form.append('file', new Blob([content]), name)
  const response = await fetch(`${baseUrl}/v1/projects/${ref}/functions/deploy?slug=${encodeURIComponent(slug)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as EdgeFunction & { message?: string } }
}

/** A function that echoes what it received: method, path, query, headers it was given, body and env it sees. */
export const ECHO_FUNCTION = `
import { shout } from './lib/shout.ts'

Deno.serve(async (request) => {
  const url = new URL(request.url)
  if (url.searchParams.has('status')) {
    return new Response('custom', { status: Number(url.searchParams.get('status')), headers: { 'x-custom': 'yes' } })
  }
  const text = await request.text()
  return Response.json({
    method: request.method,
    path: url.pathname,
    query: url.search,
    body: text ? JSON.parse(text) : null,
    shout: shout('hello'),
    hasUrl: Boolean(Deno.env.get('SUPABASE_URL')),
    hasServiceKey: Boolean(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')),
    authorization: request.headers.get('authorization') !== null,
  }, { headers: { 'x-echo': 'yes' } })
})
`
export const SHOUT_MODULE = `export const shout = (text: string) => text.toUpperCase() + '!'\n`
