import { chmod, chown, mkdir, rm } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import type { RunAs } from '@pgfleet/engine'

/**
 * Functions reach their project's APIs through a unix socket of the platform's, never over loopback (which their
 * sandbox denies): SUPABASE_URL is `http://pgfleet.internal/p/{ref}`, and the bootstrap sends every request for
 * that host through the project's API socket. Requests there may address only that project's own APIs.
 */
export const INTERNAL_API_HOST = 'pgfleet.internal'
export const INTERNAL_API_ORIGIN = `http://${INTERNAL_API_HOST}`
export const API_SOCKET_NAME = 'api.sock'

export class ProjectApiSockets {
  private readonly servers = new Map<string, Promise<http.Server>>()

  /** `serve` handles a request as the platform's own HTTP server would (e.g. its 'request' listener). */
  constructor(private readonly serve: (request: http.IncomingMessage, response: http.ServerResponse) => void) {}

  /** The project's API socket in `dir` (created, owned by the workers' user, on first use). */
  async ensure(ref: string, dir: string, runAs: RunAs | null): Promise<string> {
    const socketPath = path.join(dir, API_SOCKET_NAME)
    let server = this.servers.get(ref)
    if (!server) {
      server = this.listen(ref, dir, socketPath, runAs)
      this.servers.set(ref, server)
      server.catch(() => this.servers.delete(ref))
    }
    await server
    return socketPath
  }

  async close(ref: string): Promise<void> {
    const server = this.servers.get(ref)
    this.servers.delete(ref)
    // a socket that never listened was reported to whoever opened it; there is nothing to close
    const listening = await server?.catch(() => null)
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()))
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.servers.keys()].map((ref) => this.close(ref)))
  }

  private async listen(ref: string, dir: string, socketPath: string, runAs: RunAs | null): Promise<http.Server> {
    await mkdir(dir, { recursive: true, mode: 0o700 })
    await rm(socketPath, { force: true })
    const prefix = `/p/${ref}/`
    const server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', INTERNAL_API_ORIGIN)
      if (!url.pathname.startsWith(prefix)) {
        response.writeHead(403, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ message: `Functions of project ${ref} may call only its own APIs` }))
        return
      }
      request.url = `${url.pathname}${url.search}`
      request.headers.host = INTERNAL_API_HOST
      this.serve(request, response)
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => resolve())
    })
    server.unref()
    await chmod(socketPath, 0o600)
    if (runAs) await chown(socketPath, runAs.uid, runAs.gid)
    return server
  }
}
