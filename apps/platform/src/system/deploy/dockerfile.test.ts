/**
 * The Dockerfile cannot be built where this project is developed (no Docker): this checks what can be checked
 * without building it. Every file it copies from the build context exists in the repository and is not excluded by
 * .dockerignore, the base images are Node 24, it ends as a non-root user, and it runs what the chart's Deployment
 * runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderChart } from './chart-render'

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..')
const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8')
const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))

/** Instructions with their arguments (no line continuations are used in this Dockerfile). */
const instructions = dockerfile
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/)
    return { keyword: keyword.toUpperCase(), args: rest }
  })

/** Whether a .dockerignore pattern (`**\/x`, `x`) excludes the path or a folder above it. */
function excluded(file: string): boolean {
  const parts = file.split('/')
  return ignored.some((pattern) => {
    const name = pattern.replace(/^\*\*\//, '')
    return pattern.startsWith('**/') ? parts.includes(name) : parts[0] === name
  })
}

describe('the Dockerfile', () => {
  it('copies from the build context only files that exist and are not ignored', () => {
    const copies = instructions.filter((i) => i.keyword === 'COPY' && !i.args.some((a) => a.startsWith('--from=')))
    expect(copies.length).toBeGreaterThan(0)
    for (const { args } of copies) {
      const sources = args.filter((a) => !a.startsWith('--')).slice(0, -1)
      for (const source of sources) {
        expect(existsSync(path.join(REPO_ROOT, source)), `${source} exists`).toBe(true)
        expect(excluded(source), `${source} is not in .dockerignore`).toBe(false)
      }
    }
    // every workspace's manifest is there before `npm ci`, or npm refuses the lockfile
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
    const copied = copies.flatMap(({ args }) => args)
    for (const folder of root.workspaces.map((w) => w.replace('/*', ''))) {
      for (const name of readdirNames(path.join(REPO_ROOT, folder))) {
        expect(copied).toContain(`${folder}/${name}/package.json`)
      }
    }
  })

  it('copies into the final image only what the build stage made or copied', () => {
    const fromBuild = instructions.filter((i) => i.keyword === 'COPY' && i.args.includes('--from=build'))
    for (const { args } of fromBuild) {
      for (const source of args.filter((a) => !a.startsWith('--')).slice(0, -1)) {
        const inRepo = source.replace(/^\/app\//, '')
        // made by the build: the installed dependencies and the built dashboard
        if (inRepo === 'node_modules' || inRepo === 'apps/studio/dist') continue
        expect(existsSync(path.join(REPO_ROOT, inRepo)), `${inRepo} exists`).toBe(true)
      }
    }
  })

  it('is built on Node 24 and runs as a non-root user', () => {
    const bases = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args[0])
    expect(bases.length).toBeGreaterThanOrEqual(2)
    for (const base of bases) expect(base).toMatch(/^node:24[.-]/)
    const users = instructions.filter((i) => i.keyword === 'USER')
    expect(users.at(-1)?.args[0]).toMatch(/^[1-9]\d*(:\d+)?$/)
    // the last USER comes after the last RUN, so nothing the image runs at start is root's
    const lastUser = instructions.lastIndexOf(users.at(-1) as (typeof instructions)[number])
    const lastRun = instructions.map((i) => i.keyword).lastIndexOf('RUN')
    expect(lastUser).toBeGreaterThan(lastRun)
  })

  it('runs what the chart’s Deployment runs, as the user and on the port it expects', () => {
    const entrypoint = instructions.filter((i) => i.keyword === 'ENTRYPOINT').at(-1)
    const command = JSON.parse(entrypoint?.args.join(' ') ?? '[]') as string[]
    expect(instructions.some((i) => i.keyword === 'CMD')).toBe(false)
    const [deployment] = renderChart({ releaseName: 'pgfleet', namespace: 'pgfleet' })
      .map((o) => o.object)
      .filter((o) => o.kind === 'Deployment') as never as [
      {
        spec: {
          template: {
            spec: {
              securityContext: { runAsUser: number }
              containers: { command: string[]; args?: string[]; ports: { containerPort: number }[] }[]
            }
          }
        }
      },
    ]
    const container = deployment.spec.template.spec.containers[0]
    expect(container?.command).toEqual(command)
    expect(container?.args).toBeUndefined()
    expect(existsSync(path.join(REPO_ROOT, command.at(-1) ?? ''))).toBe(true)
    const user = instructions.filter((i) => i.keyword === 'USER').at(-1)?.args[0]
    expect(user?.split(':')[0]).toBe(String(deployment.spec.template.spec.securityContext.runAsUser))
    const exposed = instructions.find((i) => i.keyword === 'EXPOSE')?.args[0]
    expect(container?.ports[0]?.containerPort).toBe(Number(exposed))
  })
})

function readdirNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'package.json')))
    .map((entry) => entry.name)
}
