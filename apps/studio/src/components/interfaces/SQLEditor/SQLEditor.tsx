import type { QueryParameter } from '@pgfleet/sql'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { cn } from '../../../lib/cn'
import {
  addResult,
  editSnippet,
  editSnippetSql,
  flushSaves,
  isForeignDraft,
  registerPendingCommit,
  resolveConflict,
  startTyping,
  useSqlEditorStore,
} from '../../../state/sql-editor-store'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import type { AppliedSuggestion } from './ai-edit.utils'
import { CodeEditor, type CodeEditorHandle } from './CodeEditor'
import { ConflictDialog } from './ConflictDialog'
import { InlineAiEdit, type InlineEditTarget } from './InlineAiEdit'
import { ParametersBar } from './ParametersBar'
import { ResultsPanel } from './ResultsPanel'
import { RunConfirmDialog } from './RunConfirmDialog'
import { SaveStatus } from './SaveStatus'
import {
  DEFAULT_ROW_LIMIT,
  NEW_QUERY_NAME,
  NO_LIMIT_LABEL,
  ROW_LIMIT_LABEL,
  ROW_LIMIT_OPTIONS,
  RUN_LABEL,
  RUN_SELECTED_LABEL,
  SHARED_BY_OTHER_NOTICE,
  SNIPPET_SAVE_FORBIDDEN_NOTICE,
  UNTITLED_QUERY_LABEL,
} from './sql-editor.constants'
import { mergeParameterFields, parameterValues } from './sql-editor.utils'
import { useSnippetAutoTitle } from './use-snippet-auto-title'
import {
  useCanSaveSnippets,
  useCompletionData,
  useCreateSnippet,
  useCurrentUserForSaves,
  useSaveSync,
} from './use-sql-editor-support'
import { useSqlRunner } from './use-sql-runner'

const EMPTY_RESULTS: never[] = []

/** `@set` / `:name` parameters of the SQL, parsed lazily (the analyser loads on first use). */
function useParameters(sql: string) {
  const [parameters, setParameters] = useState<QueryParameter[]>([])
  useEffect(() => {
    let current = true
    if (!sql.includes(':') && !sql.includes('@set')) {
      setParameters((previous) => (previous.length === 0 ? previous : []))
      return
    }
    void import('@pgfleet/sql')
      .then(({ parseParameters }) => parseParameters(sql))
      .then((parsed) => {
        if (current) setParameters(parsed.parameters)
      })
    return () => {
      current = false
    }
  }, [sql])
  return parameters
}

export type SQLEditorProps = {
  projectRef: string
  snippetId: string
  /** the page shows the name and a tall result area; the right panel is compact */
  variant: 'page' | 'panel'
  /** extra buttons in the toolbar (the panel's 'Save as snippet') */
  actions?: React.ReactNode
}

/**
 * The SQL editor: CodeMirror, Run / 'Run selected' (Ctrl/Cmd+Enter), the row limit, parameters, and
 * the results. The same component fills the SQL editor page and the right-hand panel.
 */
export function SQLEditor({ projectRef, snippetId, variant, actions }: SQLEditorProps) {
  useSaveSync()
  const draft = useSqlEditorStore((state) => state.drafts[snippetId])
  const results = useSqlEditorStore((state) => state.results[snippetId] ?? EMPTY_RESULTS)
  const running = useSqlEditorStore((state) => Boolean(state.running[snippetId]))
  const scratch = useSqlEditorStore((state) => Boolean(state.scratch[snippetId]))
  const { canSave, known } = useCanSaveSnippets(projectRef)
  const currentUserId = useCurrentUserForSaves()
  const completion = useCompletionData(projectRef)
  const { run, cancel, confirmation } = useSqlRunner(projectRef)
  const editorRef = useRef<CodeEditorHandle>(null)
  const [hasSelection, setHasSelection] = useState(false)
  const [rowLimit, setRowLimit] = useState(DEFAULT_ROW_LIMIT)
  const [resultsHidden, setResultsHidden] = useState(false)
  const [typedParameters, setTypedParameters] = useState<Record<string, string>>({})
  const [aiEdit, setAiEdit] = useState<InlineEditTarget | null>(null)
  const createSnippet = useCreateSnippet(projectRef)
  const navigate = useNavigate()
  const parameters = useParameters(draft?.sql ?? '')
  const fields = mergeParameterFields(typedParameters, parameters)
  const foreign = draft ? isForeignDraft(draft, currentUserId) : false
  const readOnly = (known && !canSave) || foreign
  const autoTitle = useSnippetAutoTitle(projectRef, { canEdit: !readOnly })

  useEffect(() => registerPendingCommit(() => editorRef.current?.commit()), [])
  useEffect(() => {
    // the analyser is fetched while the user types, not when they click Run
    void import('@pgfleet/sql').then(({ loadSqlAnalyzer }) => loadSqlAnalyzer())
  }, [])

  if (!draft) return null

  const runQuery = async () => {
    if (running) return
    editorRef.current?.commit()
    const selected = editorRef.current?.selection() ?? ''
    const sql = selected.trim() ? selected : (editorRef.current?.value() ?? draft.sql)
    if (!sql.trim()) return
    const entry = await run({ key: snippetId, sql, parameters: parameterValues(fields), rowLimit })
    if (entry) {
      addResult(snippetId, entry)
      setResultsHidden(false)
      if (entry.response) void autoTitle(snippetId, sql)
    }
  }

  const openAiEdit = () => {
    if (readOnly) return
    editorRef.current?.commit()
    setAiEdit({ text: editorRef.current?.value() ?? draft.sql, selection: editorRef.current?.selectionRange() ?? null })
  }
  const applyAiEdit = (result: AppliedSuggestion) => {
    setAiEdit(null)
    if (result.kind === 'document') {
      editSnippetSql(snippetId, result.text, { external: true })
      editorRef.current?.focus()
      return
    }
    const id = createSnippet({ name: NEW_QUERY_NAME, sql: result.sql })
    if (id) navigate(`/project/${projectRef}/sql/${id}`)
  }

  return (
    <div
      // stacked on a narrow page, the editor and its results keep a usable height and the page scrolls
      className={cn('flex h-full min-h-0 flex-col bg-white', variant === 'page' && 'max-md:min-h-[42rem]')}
      data-testid="sql-editor"
      data-snippet-id={snippetId}
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-3 py-2">
        {variant === 'page' ? (
          <input
            key={`${snippetId}-${draft.name}`}
            aria-label="Query name"
            defaultValue={draft.name}
            placeholder={UNTITLED_QUERY_LABEL}
            disabled={readOnly}
            onBlur={(event) => {
              const name = event.target.value.trim()
              if (name && name !== draft.name) editSnippet(snippetId, { name })
              else event.target.value = draft.name
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur()
              if (event.key === 'Escape') {
                event.currentTarget.value = draft.name
                event.currentTarget.blur()
              }
            }}
            className="min-w-0 flex-1 rounded border border-transparent px-1.5 py-1 text-sm font-semibold text-neutral-900 hover:border-neutral-200 focus:border-emerald-600 focus:outline-none"
            data-testid="snippet-name"
          />
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-800" data-testid="snippet-name">
            {scratch ? UNTITLED_QUERY_LABEL : draft.name || UNTITLED_QUERY_LABEL}
          </span>
        )}
        <SaveStatus snippetId={snippetId} readOnly={readOnly} />
        {actions}
        <label className="flex items-center gap-1 text-xs text-neutral-600">
          {ROW_LIMIT_LABEL}
          <select
            value={rowLimit}
            onChange={(event) => setRowLimit(Number(event.target.value))}
            className="rounded border border-neutral-300 bg-white px-1.5 py-1 text-xs"
            data-testid="row-limit"
          >
            {ROW_LIMIT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option <= 0 ? NO_LIMIT_LABEL : option}
              </option>
            ))}
          </select>
        </label>
        <Button variant="primary" size="sm" onClick={() => void runQuery()} loading={running} data-testid="run-query">
          {hasSelection ? RUN_SELECTED_LABEL : RUN_LABEL}
          <span aria-hidden="true" className="ml-1 hidden font-mono text-[10px] opacity-75 sm:inline">
            ⌘↵
          </span>
        </Button>
      </div>
      {known && !canSave && !scratch && (
        <Alert tone="warning" className="m-2" data-testid="snippet-save-forbidden">
          {SNIPPET_SAVE_FORBIDDEN_NOTICE}
        </Alert>
      )}
      {foreign && canSave && (
        <Alert tone="info" className="m-2" data-testid="snippet-shared-by-other">
          {SHARED_BY_OTHER_NOTICE(draft.owner_name ?? '')}
        </Alert>
      )}
      <ParametersBar
        fields={fields}
        onChange={(name, value) => setTypedParameters((previous) => ({ ...previous, [name]: value }))}
      />
      {aiEdit && (
        <InlineAiEdit
          projectRef={projectRef}
          target={aiEdit}
          onApply={applyAiEdit}
          onClose={() => {
            setAiEdit(null)
            editorRef.current?.focus()
          }}
        />
      )}
      <div className={cn('min-h-0', resultsHidden ? 'flex-1' : variant === 'page' ? 'flex-[1_1_50%]' : 'flex-1')}>
        <CodeEditor
          key={snippetId}
          ref={editorRef}
          value={draft.sql}
          epoch={draft.textEpoch}
          onChange={(sql) => editSnippetSql(snippetId, sql)}
          onTyping={() => startTyping(snippetId)}
          onRun={() => void runQuery()}
          onAskAi={openAiEdit}
          onSelectionChange={setHasSelection}
          onBlur={() => flushSaves({ id: snippetId })}
          completion={completion}
          ariaLabel="SQL"
          placeholder="select * from ..."
          data-testid="sql-code-editor"
        />
      </div>
      <ResultsPanel
        projectRef={projectRef}
        entries={results}
        running={running}
        onCancel={() => void cancel(snippetId)}
        hidden={resultsHidden}
        onToggleHidden={() => setResultsHidden((hidden) => !hidden)}
        className={resultsHidden ? 'flex-none' : variant === 'page' ? 'flex-[1_1_50%]' : 'max-h-72 flex-[0_0_18rem]'}
      />
      <RunConfirmDialog request={confirmation.request} onAnswer={confirmation.onAnswer} />
      <ConflictDialog
        mine={draft.sql}
        theirs={draft.conflict}
        onChoose={(choice) => resolveConflict(snippetId, choice)}
      />
    </div>
  )
}
