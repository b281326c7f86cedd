import { memo } from 'react'
import { useNavigate } from 'react-router'
import { recordEvent } from '../../../lib/telemetry'
import { useInView } from '../../../lib/use-in-view'
import { Alert } from '../../ui/Alert'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { QueryCard } from '../QueryCard/QueryCard'
import { useCreateSnippet } from '../SQLEditor/use-sql-editor-support'
import {
  ANALYTICS_EVENTS,
  OPEN_IN_EDITOR_LABEL,
  PARSE_ERROR_PREFIX,
  SQL_BLOCK_DEFAULT_TITLE,
} from './assistant.constants'
import type { SqlBlockProperties } from './assistant.utils'

export type SqlBlockProps = {
  projectRef: string
  sql: string
  properties: Pick<SqlBlockProperties, 'title' | 'xAxis' | 'yAxis' | 'isChart' | 'runQuery'>
  /** the server's parser found that it writes (the run still asks through the editor's confirmation) */
  writes?: boolean
  parseError?: string | null
  /** still arriving: shown as text, never run */
  streaming?: boolean
}

/**
 * SQL from the assistant in the query card: Run goes through the editor's confirmation for anything that is
 * not a plain read, the result shows as a table or a chart, and the card drags into a report or the editor.
 */
export const SqlBlock = memo(function SqlBlock({
  projectRef,
  sql,
  properties,
  writes,
  parseError,
  streaming,
}: SqlBlockProps) {
  const navigate = useNavigate()
  const createSnippet = useCreateSnippet(projectRef)
  const title = properties.title ?? SQL_BLOCK_DEFAULT_TITLE
  // a long conversation mounts its query cards (and runs their automatic queries) only as they come into view
  const [placeholderRef, inView] = useInView<HTMLPreElement>()

  if (streaming || !inView) {
    return (
      <pre
        ref={placeholderRef}
        className="overflow-x-auto rounded-md border border-neutral-200 bg-neutral-50 p-2 font-mono text-xs whitespace-pre-wrap text-neutral-800"
      >
        {sql}
      </pre>
    )
  }

  return (
    <div className="space-y-1.5" data-testid="assistant-sql-block" data-writes={writes ? 'true' : 'false'}>
      {parseError && (
        <Alert tone="warning">
          {PARSE_ERROR_PREFIX} {parseError}
        </Alert>
      )}
      <QueryCard
        projectRef={projectRef}
        title={title}
        sql={sql}
        draggable
        autoRun={properties.runQuery}
        config={{
          view: properties.isChart ? 'chart' : 'table',
          ...(properties.xAxis ? { xKey: properties.xAxis } : {}),
          ...(properties.yAxis ? { yKey: properties.yAxis } : {}),
        }}
        onRunClick={() => recordEvent(ANALYTICS_EVENTS.runQueryClicked, { projectRef, writes: Boolean(writes) })}
        actions={
          <>
            {writes && <Badge tone="warning">Writes</Badge>}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                const id = createSnippet({ name: title, sql })
                if (id) navigate(`/project/${projectRef}/sql/${id}`)
              }}
            >
              {OPEN_IN_EDITOR_LABEL}
            </Button>
          </>
        }
      />
    </div>
  )
})
