import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import {
  useAssistantSettingsQuery,
  useAssistantSettingsUpdateMutation,
} from '../../../data/assistant/ai-settings-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useSchemasQuery } from '../../../data/pg-meta/schemas-query'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Skeleton } from '../../ui/Skeleton'
import {
  AI_SETTINGS_DESCRIPTION,
  AI_SETTINGS_NEEDS_OPT_IN,
  AI_SETTINGS_SAVE_FAILED,
  AI_SETTINGS_SAVED,
  AI_SETTINGS_TITLE,
  HIPAA_NOTICE,
  LIST_VISIBLE_ENTRIES,
  SAVE_LABEL,
  SCHEMAS_LOAD_FAILED,
} from './assistant.constants'
import { shareableSchemas, toggleSchema } from './assistant.utils'

const ROW_HEIGHT_PX = 32

/** Which schemas' metadata the assistant may send; editable once the organization has opted in. */
export function AiSettingsModal({
  open,
  onOpenChange,
  projectRef,
  optedIn,
  hipaa,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  projectRef: string
  optedIn: boolean
  hipaa: boolean
}) {
  const schemas = useSchemasQuery({ ref: projectRef }, { enabled: open })
  const settings = useAssistantSettingsQuery({ ref: projectRef }, { enabled: open })
  const [selected, setSelected] = useState<string[]>([])
  useEffect(() => {
    if (settings.data) setSelected([...settings.data.schemas].sort((a, b) => a.localeCompare(b)))
  }, [settings.data])
  const save = useAssistantSettingsUpdateMutation({
    onSuccess: () => {
      toast.success(AI_SETTINGS_SAVED)
      onOpenChange(false)
    },
    onError: (error) => toast.error(AI_SETTINGS_SAVE_FAILED(getErrorMessage(error))),
  })
  const names = shareableSchemas((schemas.data ?? []).map((schema) => schema.name))
  const editable = optedIn && !hipaa

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={AI_SETTINGS_TITLE}
      description={AI_SETTINGS_DESCRIPTION}
      data-testid="assistant-settings"
      footer={
        <Button
          variant="primary"
          disabled={!editable || !settings.data}
          loading={save.isPending}
          onClick={() => save.mutate({ ref: projectRef, schemas: selected })}
        >
          {SAVE_LABEL}
        </Button>
      }
    >
      <div className="space-y-3">
        {hipaa ? (
          <Alert tone="info">{HIPAA_NOTICE}</Alert>
        ) : (
          !optedIn && <Alert tone="warning">{AI_SETTINGS_NEEDS_OPT_IN}</Alert>
        )}
        {schemas.isError ? (
          <Alert tone="error" title={SCHEMAS_LOAD_FAILED}>
            {getErrorMessage(schemas.error)}
          </Alert>
        ) : schemas.isPending || settings.isPending ? (
          <Skeleton className="h-32" />
        ) : (
          <ul
            className="divide-y divide-neutral-100 overflow-y-auto rounded-md border border-neutral-200"
            style={{ maxHeight: LIST_VISIBLE_ENTRIES * ROW_HEIGHT_PX }}
            aria-label="Shared schemas"
            data-testid="assistant-settings-schemas"
          >
            {names.map((name) => (
              <li key={name} style={{ height: ROW_HEIGHT_PX }} className="flex items-center px-3">
                <label className="flex w-full items-center gap-2 text-sm text-neutral-800">
                  <input
                    type="checkbox"
                    checked={selected.includes(name)}
                    disabled={!editable}
                    onChange={(event) => setSelected((current) => toggleSchema(current, name, event.target.checked))}
                    className="accent-emerald-600"
                  />
                  <span className="font-mono text-xs">{name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
