import { SNIPPET_NAME_MAX_LENGTH } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { useReportCreateMutation } from '../../../data/content/report-create-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { uuidv4 } from '../../../lib/uuid'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import {
  CREATE_REPORT_LABEL,
  NEW_REPORT_DIALOG_TITLE,
  NEW_REPORT_NAME,
  REPORT_CREATE_FAILED,
  REPORT_NAME_REQUIRED,
  REPORT_NAME_TOO_LONG,
} from './reports.constants'

/** Names a new report, creates it, and opens it. */
export function NewReportDialog({
  projectRef,
  open,
  onOpenChange,
}: {
  projectRef: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const navigate = useNavigate()
  const [name, setName] = useState(NEW_REPORT_NAME)
  const [invalid, setInvalid] = useState<string>()
  // one id per dialog opening, so a retried create answers the report a first attempt made
  const [id, setId] = useState(uuidv4)
  const create = useReportCreateMutation({
    onSuccess: (report) => {
      onOpenChange(false)
      void navigate(`/project/${projectRef}/reports/${report.id}`)
    },
  })

  const reset = (next: boolean) => {
    if (create.isPending) return
    if (next) {
      setName(NEW_REPORT_NAME)
      setInvalid(undefined)
      setId(uuidv4())
      create.reset()
    }
    onOpenChange(next)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return setInvalid(REPORT_NAME_REQUIRED)
    if (trimmed.length > SNIPPET_NAME_MAX_LENGTH) return setInvalid(REPORT_NAME_TOO_LONG(SNIPPET_NAME_MAX_LENGTH))
    setInvalid(undefined)
    create.mutate({ ref: projectRef, id, name: trimmed })
  }

  const error = invalid ?? (create.isError ? REPORT_CREATE_FAILED(getErrorMessage(create.error)) : undefined)
  return (
    <Dialog open={open} onOpenChange={reset} title={NEW_REPORT_DIALOG_TITLE} data-testid="new-report-dialog">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Input
          label="Name"
          value={name}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setName(event.target.value)}
          error={error}
          data-testid="new-report-name"
        />
        <div className="flex justify-end gap-2">
          <Button type="button" onClick={() => reset(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {CREATE_REPORT_LABEL}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
