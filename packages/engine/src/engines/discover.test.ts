import { stat } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { discoverEngines, type EngineInstall, findClientTool, mergeInstalls } from './discover'

const install = (over: Partial<EngineInstall>): EngineInstall => ({
  major: 15,
  version: '15.18',
  binDir: '/x/bin',
  source: 'system',
  hasServer: true,
  clientTools: {},
  ...over,
})

describe('mergeInstalls', () => {
  it('prefers embedded server binaries but keeps the system client tools of the same major', () => {
    const engines = mergeInstalls([
      install({ source: 'embedded', binDir: '/pkg/pg15/bin', version: '15.17' }),
      install({ binDir: '/usr/lib/postgresql/15/bin', clientTools: { pg_dump: '/usr/lib/postgresql/15/bin/pg_dump' } }),
      install({ major: 17, version: '17.10', source: 'embedded', binDir: '/pkg/pg17/bin' }),
      install({
        major: 14,
        version: '14.1',
        binDir: '/client14/bin',
        hasServer: false,
        clientTools: { psql: '/c/psql' },
      }),
    ])
    expect(engines.map((e) => e.major)).toEqual([15, 17])
    expect(engines[0]).toMatchObject({
      source: 'embedded',
      version: '15.17',
      tools: { postgres: '/pkg/pg15/bin/postgres', pg_dump: '/usr/lib/postgresql/15/bin/pg_dump' },
    })
    expect(engines[1]?.tools.pg_dump).toBeUndefined()
    expect(findClientTool(engines, 'pg_dump', 15)).toBe('/usr/lib/postgresql/15/bin/pg_dump')
    expect(findClientTool(engines, 'pg_dump', 17)).toBeNull()
  })
})

describe('discoverEngines', () => {
  it('finds the embedded 15 and 17 with exact versions, and Debian 15 client tools', async () => {
    const engines = await discoverEngines()
    const byMajor = new Map(engines.map((e) => [e.major, e]))
    expect(byMajor.get(17)).toMatchObject({ source: 'embedded', version: expect.stringMatching(/^17\.\d+$/) })
    expect(byMajor.get(15)).toMatchObject({ source: 'embedded', version: expect.stringMatching(/^15\.\d+$/) })
    expect(engines.map((e) => e.major)).toEqual([...engines.map((e) => e.major)].sort((a, b) => a - b))
    for (const engine of engines) {
      await expect(stat(engine.tools.initdb)).resolves.toBeTruthy()
      expect(engine.tools.postgres.startsWith(engine.binDir)).toBe(true)
    }
    const systemDump = '/usr/lib/postgresql/15/bin/pg_dump'
    if (await stat(systemDump).catch(() => null)) expect(byMajor.get(15)?.tools.pg_dump).toBe(systemDump)
    expect(await discoverEngines()).toBe(engines)
  })
})
