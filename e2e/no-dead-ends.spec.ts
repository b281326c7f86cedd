import { expect, test } from '@playwright/test'
import { PRODUCT_MENU } from '../apps/studio/src/components/interfaces/ProjectLayout/project-layout.constants'
import { signUpWithProject } from './support/project-session'

const menuPaths = PRODUCT_MENU.flatMap((group) =>
  group.items.flatMap((item) => [item.path, ...(item.children ?? []).map((child) => child.path)]),
)

test('every product menu destination opens a working page, and unfinished areas are hidden', async ({ page }) => {
  // one page load per menu destination (about 30), each a few seconds on a busy 2-core machine
  test.setTimeout(420_000)
  const { ref } = await signUpWithProject(page, 'dead-ends')

  for (const path of new Set(menuPaths)) {
    await page.goto(path ? `/project/${ref}/${path}` : `/project/${ref}`)
    // the page's own title replaces the bare product name once its route has loaded
    await expect(page, path).toHaveTitle(/ \| /)
    await expect(page, path).not.toHaveTitle(/^Page not found/)
    await expect(page.getByTestId('not-found-page'), path).toHaveCount(0)
    await expect(page.getByText(/not built yet|will live here|in a later release/i), path).toHaveCount(0)
  }

  // areas that do not work yet are absent from the menu, and their addresses are plain not-found pages
  for (const hidden of ['api/graphiql', 'settings/vault']) {
    await expect(page.getByTestId(`product-menu-${hidden.replaceAll('/', '-')}`)).toHaveCount(0)
    await page.goto(`/project/${ref}/${hidden}`)
    await expect(page.getByTestId('not-found-page'), hidden).toBeVisible()
  }

  // the assistant's toggle and its shortcut open the assistant panel, and the shortcut closes it again
  await page.goto(`/project/${ref}/sql`)
  await expect(page.getByTestId('toggle-sql-editor')).toBeVisible()
  await expect(page.getByTestId('toggle-assistant')).toBeVisible()
  await page.keyboard.press('Control+i')
  await expect(page.getByTestId('assistant-panel')).toBeVisible()
  await page.keyboard.press('Control+i')
  await expect(page.getByTestId('right-panel')).toHaveCount(0)

  // the API docs offer no GraphiQL link (no pg_graphql in these Postgres builds)
  await page.getByTestId('api-docs-button').click()
  await expect(page.getByTestId('api-docs-generate-types')).toBeVisible()
  await expect(page.getByRole('link', { name: 'GraphiQL' })).toHaveCount(0)
})
