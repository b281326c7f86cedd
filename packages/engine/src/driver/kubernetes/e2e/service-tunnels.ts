import { type ChildProcess, spawn } from 'node:child_process'
import type { ClientConfig } from 'pg'
import { runSqlWithPg, type SqlRunner } from '../connections'

interface Tunnel {
  child: ChildProcess
  port: number
}

/** `{service}.{namespace}.svc`: the in-cluster name of a Service. */
const SERVICE_HOST = /^([a-z0-9-]+)\.([a-z0-9-]+)\.svc$/

const OPEN_TIMEOUT_MS = 30_000

/**
 * The suite runs outside the cluster, where the Services the driver connects to (`{cluster}-rw.{ns}.svc`,
 * `{ref}-pooler.{ns}.svc`) have no address: each gets a `kubectl port-forward` to a local port. A forward is bound
 * to the pod it found when it opened, so one whose process has ended (the pod went) is opened again.
 */
export class ServiceTunnels {
  private readonly tunnels = new Map<string, Promise<Tunnel>>()

  /** Where to connect for `host:port`: a local port for a Service's name, anything else unchanged. */
  async resolve(host: string, port: number): Promise<{ host: string; port: number }> {
    const service = host.match(SERVICE_HOST)
    if (!service) return { host, port }
    const key = `${host}:${port}`
    const open = this.tunnels.get(key)
    const current = open ? await open.catch(() => null) : null
    if (current && current.child.exitCode === null && current.child.signalCode === null) {
      return { host: '127.0.0.1', port: current.port }
    }
    const opening = openTunnel(service[2] as string, service[1] as string, port)
    this.tunnels.set(key, opening)
    return { host: '127.0.0.1', port: (await opening).port }
  }

  /** A connection config with its host and port replaced by the tunnel's. */
  async through(connection: ClientConfig): Promise<ClientConfig> {
    const local = await this.resolve(String(connection.host), Number(connection.port ?? 5432))
    return { ...connection, ...local }
  }

  /** The driver's SQL runner, through the tunnels. */
  readonly runSql: SqlRunner = async (connection, text, values) =>
    runSqlWithPg(await this.through(connection), text, values)

  async closeAll(): Promise<void> {
    const tunnels = await Promise.all([...this.tunnels.values()].map((open) => open.catch(() => null)))
    this.tunnels.clear()
    for (const tunnel of tunnels) tunnel?.child.kill()
  }
}

function openTunnel(namespace: string, service: string, port: number): Promise<Tunnel> {
  return new Promise((resolve, reject) => {
    const args = ['port-forward', '--address', '127.0.0.1', '-n', namespace, `service/${service}`, `:${port}`]
    const child = spawn('kubectl', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const fail = (message: string) => {
      clearTimeout(timer)
      child.kill()
      reject(new Error(`kubectl port-forward to ${service}.${namespace}:${port}: ${message}`))
    }
    const timer = setTimeout(
      () => fail(`no local port within ${OPEN_TIMEOUT_MS} ms (${output.trim()})`),
      OPEN_TIMEOUT_MS,
    )
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ENOENT' ? 'kubectl is not installed (the suite needs it on PATH)' : error.message),
    )
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const forwarded = output.match(/Forwarding from 127\.0\.0\.1:(\d+)/)
      if (forwarded) {
        clearTimeout(timer)
        resolve({ child, port: Number(forwarded[1]) })
      }
    })
    child.on('exit', (code) => fail(`ended with code ${code} (${output.trim()})`))
  })
}
