import { expect, type Page, test } from '@playwright/test'
import { signUpWithProject, typeSql } from './support/project-session'

// The platform has no model key of its own here (playwright.config.ts): the organization points at the scripted
// OpenAI-compatible model server that the config starts beside it, and the scripted answers are matched on the
// question (apps/platform/src/testing/e2e-model-scenarios.ts).
const MODEL_URL = process.env.PGFLEET_E2E_MODEL_URL ?? ''
const MODEL_KEY = 'scripted-test-key'
const TABLE_QUESTION = 'Create a todos table with a task, a done flag and a creation time'

async function openAssistant(page: Page) {
  await page.getByTestId('toggle-assistant').click()
  const panel = page.getByTestId('assistant-panel')
  await expect(panel).toBeVisible()
  return panel
}

async function ask(page: Page, question: string) {
  const input = page.getByTestId('assistant-input')
  await expect(input).toBeEnabled()
  await input.fill(question)
  await input.press('Enter')
}

test('the assistant: no key notice, opt in, a table run after the confirmation, a chart, a deployed function, a Cmd+K edit', async ({
  page,
}) => {
  test.setTimeout(240_000)
  expect(MODEL_URL, 'the config sets the scripted model address').not.toBe('')
  const { ref } = await signUpWithProject(page, 'assistant')
  const slug = ((await (await page.request.get(`/platform/projects/${ref}`)).json()) as { organization_slug: string })
    .organization_slug

  // without any key the panel says so and the input is disabled; Ctrl+I toggles the panel
  await page.goto(`/project/${ref}/sql`)
  await expect(page.getByTestId('landing-new-query')).toBeVisible()
  await page.keyboard.press('ControlOrMeta+i')
  const panel = page.getByTestId('assistant-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByTestId('assistant-blocker')).toHaveText('OpenAI API key not set')
  await expect(page.getByTestId('assistant-input')).toBeDisabled()
  await expect(panel.getByText('How can I assist you?')).toBeVisible()
  await expect(panel.getByRole('region', { name: 'RLS Policies' }).getByRole('button')).toHaveCount(3)

  // the owner points the organization at the scripted model
  await page.goto(`/org/${slug}/general`)
  const settings = page.getByTestId('organization-ai-settings')
  await settings.getByLabel('Provider').selectOption('openai')
  await settings.getByLabel('Base URL', { exact: true }).fill(MODEL_URL)
  await settings.getByLabel('Model', { exact: true }).fill('scripted-model')
  await settings.getByLabel('API key', { exact: true }).fill(MODEL_KEY)
  await settings.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('AI model settings saved')).toBeVisible()
  await expect(settings.getByText('A key is stored. Type a new one to replace it.')).toBeVisible()

  // opt in from the panel's notice
  await page.goto(`/project/${ref}/sql`)
  await openAssistant(page)
  await expect(panel.getByTestId('assistant-blocker')).toHaveCount(0)
  await expect(page.getByTestId('assistant-input')).toHaveAttribute('placeholder', 'Chat to Postgres...')
  await panel.getByTestId('assistant-opt-in').click()
  const optIn = page.getByTestId('assistant-opt-in-dialog')
  await expect(optIn.getByRole('heading', { name: 'Confirm sending anonymous data to OpenAI' })).toBeVisible()
  await optIn.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Successfully opted-in')).toBeVisible()
  await expect(panel.getByTestId('assistant-opt-in-notice')).toHaveCount(0)

  // ask for a table: the model reads the tables, proposes SQL that writes; Run asks for the editor's confirmation
  await ask(page, TABLE_QUESTION)
  await expect(panel.getByTestId('assistant-tool-chip').filter({ hasText: 'Read tables' })).toBeVisible()
  const tableBlock = panel.getByTestId('assistant-sql-block').first()
  await expect(tableBlock).toHaveAttribute('data-writes', 'true')
  await expect(page.getByTestId('assistant-input')).toHaveAttribute('placeholder', 'Reply to the assistant...')
  await tableBlock.getByTestId('query-card-run').click()
  const confirm = page.getByTestId('run-confirm-dialog')
  await expect(confirm.getByRole('heading', { name: 'This query contains write operations.' })).toBeVisible()
  await confirm.getByRole('button', { name: 'Run' }).click()
  await expect(tableBlock.getByText('Success. No rows returned.')).toBeVisible()
  const tables = await page.request.get(`/platform/pg-meta/${ref}/tables?included_schemas=public`, {
    headers: { 'x-connection-encrypted': '' },
  })
  expect(((await tables.json()) as { name: string }[]).map((table) => table.name)).toContain('todos')

  // a chart: a plain read runs by itself and shows as a bar chart
  await ask(page, 'Show me a chart of visits per day')
  const chartBlock = panel.getByTestId('assistant-sql-block').nth(1)
  const chart = chartBlock.getByTestId('query-chart')
  // the read runs once its block is in, and the chart's code loads with the first chart (slow on a busy machine)
  await expect(chart).toHaveAttribute('data-chart-type', 'bar', { timeout: 45_000 })
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(3)

  // an edge function: deploy, then deploy again over it after confirming the replacement
  await ask(page, 'Write an edge function that says hello')
  const functionBlock = panel.getByTestId('assistant-function-block')
  await functionBlock.getByTestId('assistant-function-deploy').click()
  await expect(functionBlock.getByTestId('deployed-function-url')).toContainText('/functions/v1/hello-assistant')
  await expect(functionBlock.getByTestId('deployed-function-cli')).toContainText('hello-assistant')
  await functionBlock.getByTestId('assistant-function-deploy').click()
  const replace = page.getByTestId('assistant-function-replace')
  await expect(replace).toContainText('Replace the function "hello-assistant"?')
  await replace.getByRole('button', { name: 'Replace' }).click()
  await expect(replace).toHaveCount(0)
  await expect(functionBlock.getByTestId('deployed-function')).toContainText('version 2')

  // the conversation is stored: it is back after a reload
  await page.reload()
  await openAssistant(page)
  await expect(panel.locator('[data-testid="assistant-message"][data-role="user"]').first()).toHaveText(TABLE_QUESTION)
  await expect(panel.getByTestId('assistant-function-block')).toBeVisible()
  await panel.getByTestId('assistant-reset').click()
  await expect(panel.getByText('How can I assist you?')).toBeVisible()

  // Cmd/Ctrl+K in the editor: the suggestion shows as a diff and Apply replaces the selection
  await panel.getByRole('button', { name: 'Close assistant' }).click()
  await page.getByTestId('landing-new-query').click()
  await typeSql(page, 'select * from todos;')
  await page.getByRole('textbox', { name: 'SQL' }).first().press('ControlOrMeta+a')
  await page.keyboard.press('ControlOrMeta+k')
  await page.getByTestId('inline-ai-prompt').fill('Only the first ten rows')
  await page.getByTestId('inline-ai-prompt').press('Enter')
  await expect(page.getByTestId('sql-diff-view')).toBeVisible()
  await page.getByTestId('inline-ai-apply').click()
  await expect(page.getByTestId('inline-ai-edit')).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'SQL' }).first()).toHaveText('select * from todos limit 10;')

  // the first successful run of a snippet that still has its default name names it from its SQL
  await expect(page.getByTestId('snippet-name')).toHaveValue('New Query')
  await page.getByRole('button', { name: /^Run( selected)?$/ }).click()
  await expect(page.getByText('Success. No rows returned.')).toBeVisible()
  await expect(page.getByTestId('snippet-name')).toHaveValue('Weekly visits')
})
