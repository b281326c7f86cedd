import { useNavigate } from 'react-router'
import { Button } from '../../ui/Button'
import { PageContainer } from '../../ui/PageContainer'
import { NEW_QUERY_LABEL, NEW_QUERY_NAME, QUICKSTARTS_TITLE } from './sql-editor.constants'
import { QUICKSTART_TEMPLATES } from './sql-templates'
import { TemplatesPicker } from './TemplatesPicker'
import { useCreateSnippet } from './use-sql-editor-support'

/** /project/{ref}/sql: start a new query, from scratch, a template or a quickstart. */
export function SQLEditorLanding({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate()
  const createSnippet = useCreateSnippet(projectRef)
  const open = (name: string, sql: string) => {
    const id = createSnippet({ name, sql })
    if (id) navigate(`/project/${projectRef}/sql/${id}`)
  }

  return (
    <PageContainer className="space-y-8" data-testid="sql-editor-landing">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="text-lg font-semibold text-neutral-900">SQL editor</h1>
          <p className="text-sm text-neutral-600">Write and run SQL on this project's database.</p>
        </div>
        <Button variant="primary" onClick={() => open(NEW_QUERY_NAME, '')} data-testid="landing-new-query">
          {NEW_QUERY_LABEL}
        </Button>
      </div>
      <TemplatesPicker onPick={(template) => open(template.name, template.content)} />
      <section aria-label={QUICKSTARTS_TITLE}>
        <h2 className="mb-2 text-sm font-semibold text-neutral-900">{QUICKSTARTS_TITLE}</h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {QUICKSTART_TEMPLATES.map((quickstart) => (
            <li key={quickstart.title}>
              <button
                type="button"
                onClick={() => open(quickstart.title, quickstart.sql)}
                className="h-full w-full rounded-md border border-neutral-200 bg-white p-3 text-left hover:border-neutral-300 hover:bg-neutral-50"
              >
                <span className="block text-sm font-medium text-neutral-900">{quickstart.title}</span>
                <span className="mt-1 block text-xs text-neutral-600">{quickstart.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </PageContainer>
  )
}
