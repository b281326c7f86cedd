// JavaScript shipped on the first load of /project/{ref}, gzipped, measured in Debian Chromium.
// Run after `npm run build`: npx tsx bench/first-load-js.bench.ts
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Organization, Project } from '@pgfleet/contracts'
import { chromium } from '@playwright/test'
import { ApiClient, startTestPlatform } from '../apps/platform/src/testing/harness'
import { BenchRecord } from './record'

const BUDGET_KB = 350
const platform = await startTestPlatform(
  process.env.PGFLEET_BENCH_PORT_RANGE ? { PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE } : {},
)
const record = new BenchRecord('first-load-js')
const browser = await chromium.launch({
  executablePath: process.env.PGFLEET_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'size@example.com', password: 'size-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const project = (
    await api.post<Project>('/v1/projects', { name: 'size', organization_slug: slug, db_pass: 'size-db-password' })
  ).body

  const context = await browser.newContext({ baseURL: platform.baseUrl })
  const page = await context.newPage()
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill('size@example.com')
  await page.getByLabel('Password').fill('size-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/projects/)

  const fresh = await context.newPage()
  const scripts = new Set<string>()
  fresh.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.add(new URL(response.url()).pathname)
  })
  await fresh.goto(`/project/${project.ref}`, { waitUntil: 'networkidle' })
  const studioDist = path.resolve(import.meta.dirname, '../apps/studio/dist')
  let raw = 0
  let gzipped = 0
  for (const script of scripts) {
    const content = readFileSync(path.join(studioDist, script))
    raw += content.length
    gzipped += gzipSync(content, { level: 9 }).length
  }
  console.log(
    `first load of /project/{ref}: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped`,
  )
  record.figure('first load, gzipped', gzipped / 1024, { unit: 'KB', better: 'lower', digits: 1 })
  console.log(`  budget ${BUDGET_KB} KB gzipped → ${gzipped / 1024 <= BUDGET_KB ? 'met' : 'NOT met'}`)
  record.save()
} finally {
  await browser.close()
  await platform.destroy()
}
