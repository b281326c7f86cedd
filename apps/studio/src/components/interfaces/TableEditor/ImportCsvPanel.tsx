import { type CsvCellProblem, type CsvField, invalidUtf8Message, type PgColumn } from '@pgfleet/contracts'
import { useId, useMemo, useRef, useState } from 'react'
import { getErrorMessage } from '../../../data/fetcher'
import { failedRowOf, useImportCsvMutation } from '../../../data/table-rows/import-csv-mutation'
import { cn } from '../../../lib/cn'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { Dialog } from '../../ui/Dialog'
import { CONTROL_CLASSES } from '../../ui/Input'
import {
  type CsvHead,
  importableColumns,
  initialMapping,
  invalidUtf8Of,
  PREVIEW_SHOWN_ROWS,
  previewProblems,
  previewRows,
  readCsvHead,
} from './csv-preview'
import {
  CANCEL_LABEL,
  IMPORT_ANYWAY_LABEL,
  IMPORT_CSV_DESCRIPTION,
  IMPORT_CSV_FILE_LABEL,
  IMPORT_CSV_LABEL,
  IMPORT_CSV_TITLE,
  IMPORT_FAILED,
  IMPORT_FAILED_ROW,
  IMPORT_FILE_UNREADABLE,
  IMPORT_HEADER_LABEL,
  IMPORT_MAPPING_TITLE,
  IMPORT_NO_MAPPING,
  IMPORT_NOT_UTF8_TITLE,
  IMPORT_PREVIEW_CLEAN,
  IMPORT_PREVIEW_PROBLEMS,
  IMPORT_PREVIEW_TITLE,
  IMPORT_SENDING,
  IMPORT_SKIP_COLUMN,
  IMPORT_UNMAPPED_REQUIRED,
  IMPORT_WRITING,
} from './table-editor.constants'

const PROBLEMS_LISTED = 5

/** Columns that refuse NULL and have nothing to fill them: every row fails unless the file fills them. */
const requiredColumns = (columns: PgColumn[]) =>
  columns.filter((c) => !c.is_nullable && c.default_value === null && !c.is_identity && !c.is_generated)

function PreviewTable({
  titles,
  rows,
  problems,
}: {
  titles: string[]
  rows: CsvField[][]
  problems: CsvCellProblem[]
}) {
  const byCell = new Map(problems.map((problem) => [`${problem.row}:${problem.field}`, problem.message]))
  return (
    <div className="overflow-x-auto rounded border border-neutral-200">
      <table className="min-w-full text-xs" data-testid="import-preview">
        <thead className="bg-neutral-50 text-left">
          <tr>
            <th className="px-2 py-1 font-medium text-neutral-500">#</th>
            {titles.map((title, index) => (
              // titles of a file may repeat: the position tells them apart
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              <th key={index} className="px-2 py-1 font-medium whitespace-nowrap text-neutral-700">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, PREVIEW_SHOWN_ROWS).map((fields, rowIndex) => {
            const row = rowIndex + 1
            const ragged = byCell.get(`${row}:-1`)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file are positional
              <tr key={rowIndex} className={cn('border-t border-neutral-100', ragged && 'bg-red-50')} title={ragged}>
                <td className="px-2 py-1 text-neutral-500">{row}</td>
                {titles.map((_, field) => {
                  const problem = byCell.get(`${row}:${field}`)
                  const value = fields[field] ?? null
                  return (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                      key={field}
                      title={problem}
                      data-problem={problem ? 'true' : undefined}
                      className={cn(
                        'max-w-48 truncate px-2 py-1 font-mono whitespace-nowrap',
                        problem ? 'bg-red-100 text-red-800' : 'text-neutral-800',
                      )}
                    >
                      {value === null ? <span className="text-neutral-400">NULL</span> : value}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** The side panel that imports a CSV file: pick it, map its columns, check a preview, then stream it. */
export function ImportCsvPanel({
  projectRef,
  tableId,
  tableName,
  columns,
  onOpenChange,
  onImported,
}: {
  projectRef: string
  tableId: number
  tableName: string
  columns: PgColumn[]
  onOpenChange: (open: boolean) => void
  onImported: (rows: number) => void
}) {
  const fileInputId = useId()
  const [file, setFile] = useState<File>()
  const [head, setHead] = useState<CsvHead>()
  const [readError, setReadError] = useState<string>()
  const [header, setHeader] = useState(true)
  const [mapping, setMapping] = useState<(string | null)[]>([])
  const [progress, setProgress] = useState(0)
  const cancel = useRef<AbortController>(undefined)
  const importing = useImportCsvMutation({ onSuccess: (answer) => onImported(answer.rows) })

  const preview = useMemo(() => (head ? previewRows(head, header) : undefined), [head, header])
  const problems = useMemo(
    () => (preview ? previewProblems(preview.rows, mapping, columns) : []),
    [preview, mapping, columns],
  )
  const mapped = mapping.filter((name): name is string => name !== null)
  const unmappedRequired = requiredColumns(columns).filter((column) => !mapped.includes(column.name))
  const targets = importableColumns(columns)
  // a file that is not UTF-8 would be imported with U+FFFD in place of its text: it is refused, and the panel keeps
  // the file and the choices made so the user can fix the file and pick it again
  const invalidUtf8 = head ? invalidUtf8Of(head, header) : undefined

  const pick = async (picked: File | undefined) => {
    setFile(picked)
    setHead(undefined)
    setReadError(undefined)
    importing.reset()
    if (!picked) return
    try {
      const read = await readCsvHead(picked)
      setHead(read)
      setMapping(initialMapping(read, header, columns))
    } catch (error) {
      setReadError(IMPORT_FILE_UNREADABLE(getErrorMessage(error)))
    }
  }
  const start = () => {
    if (!file) return
    cancel.current = new AbortController()
    setProgress(0)
    importing.mutate({
      ref: projectRef,
      tableId,
      file,
      columns: mapping,
      header,
      signal: cancel.current.signal,
      onProgress: (sent, total) => setProgress(total > 0 ? sent / total : 0),
    })
  }
  const close = () => {
    cancel.current?.abort()
    onOpenChange(false)
  }
  const failedRow = failedRowOf(importing.error)
  const cancelled = importing.error instanceof DOMException && importing.error.name === 'AbortError'

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      variant="side"
      className="max-w-3xl"
      title={IMPORT_CSV_TITLE(tableName)}
      description={IMPORT_CSV_DESCRIPTION}
      data-testid="import-csv-panel"
      footer={
        <>
          <Button onClick={close}>{CANCEL_LABEL}</Button>
          <Button
            variant="primary"
            onClick={start}
            loading={importing.isPending}
            disabled={!head || mapped.length === 0 || importing.isPending || invalidUtf8 !== undefined}
          >
            {problems.length > 0 || unmappedRequired.length > 0 ? IMPORT_ANYWAY_LABEL : IMPORT_CSV_LABEL}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="space-y-1.5">
          <label htmlFor={fileInputId} className="text-sm font-medium text-neutral-800">
            {IMPORT_CSV_FILE_LABEL}
          </label>
          <input
            id={fileInputId}
            type="file"
            accept=".csv,text/csv"
            disabled={importing.isPending}
            className="block w-full text-sm text-neutral-700"
            onChange={(event) => void pick(event.target.files?.[0])}
          />
        </div>
        {readError && <Alert tone="error">{readError}</Alert>}
        {invalidUtf8 && (
          <Alert tone="error" data-testid="import-encoding-error" title={IMPORT_NOT_UTF8_TITLE}>
            {invalidUtf8Message(invalidUtf8)}
          </Alert>
        )}
        {head && preview && (
          <>
            <Checkbox
              label={IMPORT_HEADER_LABEL}
              checked={header}
              disabled={importing.isPending}
              onChange={(event) => {
                setHeader(event.target.checked)
                setMapping(initialMapping(head, event.target.checked, columns))
              }}
            />
            <section className="space-y-2">
              <h3 className="text-sm font-semibold text-neutral-900">{IMPORT_MAPPING_TITLE}</h3>
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
                {preview.titles.map((title, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns of a file are positional
                  <div key={index} className="contents">
                    <span className="truncate font-mono text-sm text-neutral-700">{title}</span>
                    <select
                      aria-label={`Table column for ${title}`}
                      className={cn(CONTROL_CLASSES, 'h-8 py-0 text-sm')}
                      value={mapping[index] ?? ''}
                      disabled={importing.isPending}
                      onChange={(event) =>
                        setMapping((current) =>
                          current.map((name, i) => (i === index ? event.target.value || null : name)),
                        )
                      }
                    >
                      <option value="">{IMPORT_SKIP_COLUMN}</option>
                      {targets.map((column) => (
                        <option key={column.name} value={column.name}>
                          {column.name} ({column.format})
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
              {mapped.length === 0 && <Alert tone="warning">{IMPORT_NO_MAPPING}</Alert>}
              {unmappedRequired.length > 0 && (
                <Alert tone="warning">{IMPORT_UNMAPPED_REQUIRED(unmappedRequired.map((c) => c.name))}</Alert>
              )}
            </section>
            <section className="space-y-2">
              <h3 className="text-sm font-semibold text-neutral-900">{IMPORT_PREVIEW_TITLE}</h3>
              <p className="text-sm text-neutral-700" data-testid="import-preview-summary">
                {problems.length === 0
                  ? IMPORT_PREVIEW_CLEAN(preview.rows.length)
                  : IMPORT_PREVIEW_PROBLEMS(problems.length, preview.rows.length)}
              </p>
              {problems.length > 0 && (
                <ul className="list-disc pl-5 text-xs text-red-700" data-testid="import-problems">
                  {problems.slice(0, PROBLEMS_LISTED).map((problem) => (
                    <li key={`${problem.row}:${problem.field}`}>
                      Row {problem.row}
                      {problem.field >= 0 ? `, ${preview.titles[problem.field]}` : ''}: {problem.message}
                    </li>
                  ))}
                </ul>
              )}
              <PreviewTable titles={preview.titles} rows={preview.rows} problems={problems} />
            </section>
          </>
        )}
        {importing.isPending && (
          <div className="space-y-1" data-testid="import-progress">
            <div
              role="progressbar"
              aria-label={IMPORT_CSV_LABEL}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded bg-neutral-100"
            >
              <div className="h-full bg-emerald-600 transition-[width]" style={{ width: `${progress * 100}%` }} />
            </div>
            <p className="text-xs text-neutral-600">
              {progress < 1 ? IMPORT_SENDING(Math.round(progress * 100)) : IMPORT_WRITING}
            </p>
          </div>
        )}
        {importing.isError && !cancelled && (
          <Alert
            tone="error"
            data-testid="import-error"
            title={failedRow === undefined ? undefined : IMPORT_FAILED_ROW(failedRow)}
          >
            {IMPORT_FAILED(getErrorMessage(importing.error))}
          </Alert>
        )}
      </div>
    </Dialog>
  )
}
