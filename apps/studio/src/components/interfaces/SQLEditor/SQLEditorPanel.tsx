import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import {
  editSnippetSql,
  panelDraftId,
  resetPanelDraft,
  saveDraftNow,
  useSqlEditorStore,
} from '../../../state/sql-editor-store'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { SQLEditor } from './SQLEditor'
import {
  FAILED_TO_CREATE_QUERY,
  NEW_QUERY_LABEL,
  QUERY_OPEN_IN_PAGE,
  SAVE_AS_SNIPPET_LABEL,
  SAVED_SNIPPET_LINK_LABEL,
  SAVED_SNIPPET_MESSAGE,
  TEMPLATES_TITLE,
} from './sql-editor.constants'
import { TemplatesPicker } from './TemplatesPicker'
import { useCanSaveSnippets, useNewSnippetContext } from './use-sql-editor-support'

/** The SQL editor in the right-hand panel: a scratch query until 'Save as snippet'. */
export default function SQLEditorPanel({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate()
  const [snippetId, setSnippetId] = useState(() => panelDraftId(projectRef))
  const scratch = useSqlEditorStore((state) => Boolean(state.scratch[snippetId]))
  const [templatesOpen, setTemplatesOpen] = useState(false)
  const [saving, setSaving] = useState(false)
  const { canSave } = useCanSaveSnippets(projectRef)
  const newSnippetContext = useNewSnippetContext(projectRef)
  // one editor per snippet: when the page shows this query, the panel does not edit it too
  const openInPage = useLocation().pathname.endsWith(`/sql/${snippetId}`)

  const saveAsSnippet = async () => {
    setSaving(true)
    try {
      await saveDraftNow(snippetId, newSnippetContext)
      const url = `/project/${projectRef}/sql/${snippetId}`
      toast.success(SAVED_SNIPPET_MESSAGE, {
        action: { label: SAVED_SNIPPET_LINK_LABEL, onClick: () => navigate(url) },
      })
    } catch (error) {
      toast.error(FAILED_TO_CREATE_QUERY(getErrorMessage(error)))
    } finally {
      setSaving(false)
    }
  }

  if (openInPage) {
    return (
      <div
        className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center"
        data-testid="sql-editor-panel"
      >
        <p className="text-sm text-neutral-600">{QUERY_OPEN_IN_PAGE}</p>
        <Button size="sm" onClick={() => setSnippetId(resetPanelDraft(projectRef))}>
          {NEW_QUERY_LABEL}
        </Button>
      </div>
    )
  }

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="sql-editor-panel">
      <SQLEditor
        key={snippetId}
        projectRef={projectRef}
        snippetId={snippetId}
        variant="panel"
        actions={
          <>
            <Button size="sm" variant="ghost" onClick={() => setTemplatesOpen(true)}>
              {TEMPLATES_TITLE}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSnippetId(resetPanelDraft(projectRef))}>
              {NEW_QUERY_LABEL}
            </Button>
            {scratch && canSave && (
              <Button size="sm" onClick={() => void saveAsSnippet()} loading={saving}>
                {SAVE_AS_SNIPPET_LABEL}
              </Button>
            )}
          </>
        }
      />
      <Dialog open={templatesOpen} onOpenChange={setTemplatesOpen} title={TEMPLATES_TITLE}>
        <TemplatesPicker
          onPick={(template) => {
            editSnippetSql(snippetId, template.content, { external: true })
            setTemplatesOpen(false)
          }}
        />
      </Dialog>
    </div>
  )
}
