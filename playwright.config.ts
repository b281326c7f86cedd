import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.PGFLEET_E2E_PORT ?? 18080)
// one fresh data directory per run, shared with the worker processes through the environment
process.env.PGFLEET_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pgfleet-e2e-'))
export const E2E_BASE_URL = `http://127.0.0.1:${port}`
// the scripted OpenAI-compatible model the assistant journeys point their organization at
const modelPort = port + 10_000
process.env.PGFLEET_E2E_MODEL_URL ??= `http://127.0.0.1:${modelPort}/v1`

// `npm test` runs the journeys once per supported Node: PGFLEET_E2E_NODE is the Node binary the platform under test
// runs on (unset: the `node` on PATH)
const platformNode = process.env.PGFLEET_E2E_NODE ? path.resolve(process.env.PGFLEET_E2E_NODE) : undefined
if (platformNode && !existsSync(platformNode)) throw new Error(`PGFLEET_E2E_NODE=${platformNode}: no such file`)
const quotedPlatformNode = platformNode ? `'${platformNode.replaceAll("'", `'\\''`)}'` : 'node'

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // one spec file at a time by default: on two cores two at once gained nothing (13 min 12 s against 12 min 45 s
  // one at a time, each journey taking about twice as long beside another: Chromium, the platform and its projects
  // all need the cores). PGFLEET_E2E_WORKERS=2 runs two against the one platform (each journey signs its own user
  // up; the tests of a file keep their order)
  fullyParallel: false,
  workers: Number(process.env.PGFLEET_E2E_WORKERS ?? 1),
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.PGFLEET_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx scripts/scripted-model-server.ts',
      url: `http://127.0.0.1:${modelPort}/v1/models`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { PORT: String(modelPort) },
    },
    {
      command: `${quotedPlatformNode} --import tsx apps/platform/src/main.ts`,
      url: `${E2E_BASE_URL}/platform/feature-flags`,
      // answers 401 without a session, which Playwright counts as "up"
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      stdout: 'pipe',
      env: {
        PORT: String(port),
        PGFLEET_DATA_DIR: process.env.PGFLEET_E2E_DATA_DIR,
        PGFLEET_PORT_RANGE: process.env.PGFLEET_E2E_PORT_RANGE ?? '55400-55499',
        PGFLEET_LOG_LEVEL: 'warn',
        // every journey signs a new user up
        PGFLEET_SIGNUP: 'open',
        // the instance administrator: journeys that need a paid plan have it set this way (e2e/support/operator.ts)
        PGFLEET_ADMIN_EMAIL: 'operator@pgfleet.test',
        PGFLEET_ADMIN_PASSWORD: 'e2e-operator-password',
        // every journey signs its users up from this one address
        PGFLEET_SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
        // reports.spec drags query cards into reports, which needs this flag
        PGFLEET_FEATURE_FLAGS: process.env.PGFLEET_FEATURE_FLAGS ?? '{"reportsV2":true}',
        // no platform-wide model key (a new organization sees 'OpenAI API key not set'); the assistant journeys set
        // their organization's own, pointing at the scripted model on this machine, which the list below opens.
        // The destinations on this machine or a private network tenants may reach: the scripted model, and the
        // private address the functions journey opens
        PGFLEET_EGRESS_ALLOW: `127.0.0.1:${modelPort},10.0.0.5:5432`,
        // branching.spec connects a repository on this machine's disk
        PGFLEET_GIT_ALLOW_FILE_URLS: 'true',
        OPENAI_API_KEY: '',
        // no journey waits for the scheduler (integration tests drive it with a test clock), and a weekly restore
        // check it starts on its own would race the journeys that act on backups
        PGFLEET_BACKUP_SCHEDULER_TICK_MS: '3600000',
      },
    },
  ],
})
