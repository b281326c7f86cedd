import { constants } from 'node:fs'
import { access, readdir } from 'node:fs/promises'
import path from 'node:path'
import { ensureSymlinks, findEmbeddedPackages, usableNativeDir } from './embedded'
import {
  CLIENT_TOOLS,
  type ClientTool,
  type DiscoverEnginesOptions,
  type EngineTools,
  type PostgresEngine,
  SERVER_TOOLS,
} from './types'
import { readBinaryVersion } from './version'

export const SYSTEM_POSTGRES_ROOT = '/usr/lib/postgresql'

/** One directory of Postgres programs: a server install, or only client tools (postgresql-client-N). */
export interface EngineInstall {
  major: number
  version: string
  binDir: string
  libDir?: string
  source: 'embedded' | 'system'
  hasServer: boolean
  clientTools: Partial<Record<ClientTool, string>>
}

const cache = new Map<string, Promise<PostgresEngine[]>>()

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  )
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

async function inspectBinDir(
  binDir: string,
  source: EngineInstall['source'],
  libDir?: string,
): Promise<EngineInstall | null> {
  let hasServer = true
  for (const tool of SERVER_TOOLS) hasServer &&= await isExecutable(path.join(binDir, tool))
  const clientTools: EngineInstall['clientTools'] = {}
  for (const tool of CLIENT_TOOLS) {
    const file = path.join(binDir, tool)
    if (await isExecutable(file)) clientTools[tool] = file
  }
  const versionSource = hasServer ? path.join(binDir, 'postgres') : (Object.values(clientTools)[0] ?? null)
  if (!versionSource) return null
  const parsed = await readBinaryVersion(versionSource)
  if (!parsed) return null
  return { ...parsed, binDir, libDir, source, hasServer, clientTools }
}

async function embeddedInstalls(enginesCacheDir?: string): Promise<EngineInstall[]> {
  const installs: EngineInstall[] = []
  for (const pkg of await findEmbeddedPackages()) {
    await ensureSymlinks(pkg)
    const nativeDir = await usableNativeDir(pkg, enginesCacheDir)
    const install = await inspectBinDir(path.join(nativeDir, 'bin'), 'embedded', path.join(nativeDir, 'lib'))
    if (install?.hasServer) installs.push(install)
  }
  return installs
}

async function systemInstalls(extraBinDirs: string[]): Promise<EngineInstall[]> {
  const binDirs: { binDir: string; libDir?: string }[] = []
  const majors = await readdir(SYSTEM_POSTGRES_ROOT).catch(() => [] as string[])
  for (const name of majors.filter((entry) => /^\d+$/.test(entry)).sort((a, b) => Number(a) - Number(b))) {
    binDirs.push({
      binDir: path.join(SYSTEM_POSTGRES_ROOT, name, 'bin'),
      libDir: path.join(SYSTEM_POSTGRES_ROOT, name, 'lib'),
    })
  }
  for (const dir of extraBinDirs) binDirs.push({ binDir: path.resolve(dir), libDir: path.resolve(dir, '..', 'lib') })
  const installs: EngineInstall[] = []
  for (const { binDir, libDir } of binDirs) {
    const install = await inspectBinDir(binDir, 'system', libDir && (await exists(libDir)) ? libDir : undefined)
    if (install) installs.push(install)
  }
  return installs
}

/**
 * Per major: server binaries from the embedded package when there is one (its version is pinned by the lockfile),
 * otherwise from the system; client tools from the server's own directory first, then from any install of the
 * same major (the embedded packages ship no pg_dump, Debian's 15 does).
 */
export function mergeInstalls(installs: EngineInstall[]): PostgresEngine[] {
  const byMajor = new Map<number, EngineInstall[]>()
  for (const install of installs) byMajor.set(install.major, [...(byMajor.get(install.major) ?? []), install])
  const engines: PostgresEngine[] = []
  for (const [major, candidates] of byMajor) {
    const server = candidates.find((c) => c.hasServer && c.source === 'embedded') ?? candidates.find((c) => c.hasServer)
    if (!server) continue
    const tools: EngineTools = {
      initdb: path.join(server.binDir, 'initdb'),
      pg_ctl: path.join(server.binDir, 'pg_ctl'),
      postgres: path.join(server.binDir, 'postgres'),
    }
    for (const tool of CLIENT_TOOLS) {
      const file = server.clientTools[tool] ?? candidates.map((c) => c.clientTools[tool]).find(Boolean)
      if (file) tools[tool] = file
    }
    engines.push({
      major,
      version: server.version,
      binDir: server.binDir,
      ...(server.libDir ? { libDir: server.libDir } : {}),
      source: server.source,
      tools,
    })
  }
  return engines.sort((a, b) => a.major - b.major)
}

/** The installed Postgres majors and their programs, sorted by major. Cached per set of options. */
export function discoverEngines(opts: DiscoverEnginesOptions = {}): Promise<PostgresEngine[]> {
  const key = JSON.stringify([opts.extraBinDirs ?? [], opts.enginesCacheDir ?? null])
  let result = cache.get(key)
  if (!result) {
    result = (async () => {
      const installs = [
        ...(await embeddedInstalls(opts.enginesCacheDir)),
        ...(await systemInstalls(opts.extraBinDirs ?? [])),
      ]
      return mergeInstalls(installs)
    })()
    cache.set(key, result)
    result.catch(() => cache.delete(key))
  }
  return result
}

/** Forgets cached discoveries, e.g. after installing a new major. */
export function clearEngineCache(): void {
  cache.clear()
}

/** The engine for a major, or an Error listing what is installed. */
export function engineForMajor(engines: PostgresEngine[], major: number): PostgresEngine {
  const engine = engines.find((e) => e.major === major)
  if (!engine) {
    const available = engines.map((e) => e.major).join(', ') || 'none'
    throw new Error(`Postgres ${major} is not installed (available: ${available})`)
  }
  return engine
}

/**
 * A client tool able to talk to a server of `serverMajor`: client tools refuse newer servers, so this picks
 * the lowest major that is at least the server's.
 */
export function findClientTool(engines: PostgresEngine[], tool: ClientTool, serverMajor: number): string | null {
  for (const engine of engines) {
    const file = engine.tools[tool]
    if (engine.major >= serverMajor && file) return file
  }
  return null
}
