import type { Bucket } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useBucketCreateMutation } from '../../../data/storage/bucket-create-mutation'
import { useBucketUpdateMutation } from '../../../data/storage/bucket-update-mutation'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import { Select } from '../../ui/Select'
import {
  BUCKET_CREATED,
  BUCKET_NAME_DESCRIPTION,
  BUCKET_NAME_LABEL,
  BUCKET_UPDATED,
  CANCEL_LABEL,
  CREATE_BUCKET_TITLE,
  CREATE_FAILED,
  CREATE_LABEL,
  EDIT_BUCKET_TITLE,
  MAX_SIZE_LABEL,
  MIME_TYPES_DESCRIPTION,
  MIME_TYPES_LABEL,
  MIME_TYPES_PLACEHOLDER,
  PUBLIC_DESCRIPTION,
  PUBLIC_LABEL,
  RESTRICT_MIME_LABEL,
  RESTRICT_SIZE_LABEL,
  SAVE_LABEL,
  SIZE_UNIT_LABEL,
  SIZE_UNITS,
  type SizeUnit,
  UPDATE_FAILED,
} from './storage.constants'
import { parseMimeTypes, splitBytes, toBytes } from './storage.utils'

type FormState = {
  name: string
  isPublic: boolean
  restrictSize: boolean
  sizeValue: string
  sizeUnit: SizeUnit
  restrictMime: boolean
  mimeText: string
}

function initialState(bucket: Bucket | undefined): FormState {
  const size = bucket?.file_size_limit ? splitBytes(bucket.file_size_limit) : { value: 50, unit: 'MB' as const }
  return {
    name: bucket?.name ?? '',
    isPublic: bucket?.public ?? false,
    restrictSize: bucket ? bucket.file_size_limit !== null : false,
    sizeValue: String(size.value),
    sizeUnit: size.unit,
    restrictMime: bucket ? bucket.allowed_mime_types !== null : false,
    mimeText: bucket?.allowed_mime_types?.join(', ') ?? '',
  }
}

/** Create a bucket, or edit one (its name stays): public toggle, upload size limit, allowed MIME types. */
export function BucketFormDialog({
  projectRef,
  bucket,
  open,
  onOpenChange,
}: {
  projectRef: string
  /** the bucket to edit; absent to create one */
  bucket?: Bucket
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [form, setForm] = useState(() => initialState(bucket))
  const [errors, setErrors] = useState<{ size?: string; mime?: string }>({})
  const close = () => onOpenChange(false)
  const create = useBucketCreateMutation({
    onSuccess: (created) => {
      toast.success(BUCKET_CREATED(created.name))
      close()
    },
    onError: (error) => toast.error(CREATE_FAILED(getErrorMessage(error))),
  })
  const update = useBucketUpdateMutation({
    onSuccess: (updated) => {
      toast.success(BUCKET_UPDATED(updated.name))
      close()
    },
    onError: (error) => toast.error(UPDATE_FAILED(getErrorMessage(error))),
  })
  const pending = create.isPending || update.isPending
  const set = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const size = form.restrictSize ? toBytes(form.sizeValue, form.sizeUnit) : { bytes: null }
    const mime = form.restrictMime ? parseMimeTypes(form.mimeText) : { types: null }
    const found = { size: 'error' in size ? size.error : undefined, mime: 'error' in mime ? mime.error : undefined }
    setErrors(found)
    if ('error' in size || 'error' in mime) return
    const settings = { public: form.isPublic, file_size_limit: size.bytes, allowed_mime_types: mime.types }
    if (bucket) update.mutate({ ref: projectRef, id: bucket.id, changes: settings })
    else create.mutate({ ref: projectRef, bucket: { name: form.name.trim(), ...settings } })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={bucket ? EDIT_BUCKET_TITLE(bucket.name) : CREATE_BUCKET_TITLE}
      data-testid="bucket-form-dialog"
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        <Input
          label={BUCKET_NAME_LABEL}
          description={BUCKET_NAME_DESCRIPTION}
          value={form.name}
          disabled={Boolean(bucket)}
          required
          autoFocus={!bucket}
          onChange={(event) => set({ name: event.target.value })}
          data-testid="bucket-name-input"
        />
        <Checkbox
          label={PUBLIC_LABEL}
          description={PUBLIC_DESCRIPTION}
          checked={form.isPublic}
          onChange={(event) => set({ isPublic: event.target.checked })}
          data-testid="bucket-public-toggle"
        />
        <div className="space-y-3">
          <Checkbox
            label={RESTRICT_SIZE_LABEL}
            checked={form.restrictSize}
            onChange={(event) => set({ restrictSize: event.target.checked })}
            data-testid="bucket-restrict-size"
          />
          {form.restrictSize && (
            <div className="flex items-start gap-2 pl-7">
              <Input
                label={MAX_SIZE_LABEL}
                type="number"
                min={1}
                value={form.sizeValue}
                error={errors.size}
                onChange={(event) => set({ sizeValue: event.target.value })}
                fieldClassName="flex-1"
                data-testid="bucket-size-input"
              />
              <Select
                label={SIZE_UNIT_LABEL}
                value={form.sizeUnit}
                options={SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))}
                onChange={(event) => set({ sizeUnit: event.target.value as SizeUnit })}
                fieldClassName="w-28"
                data-testid="bucket-size-unit"
              />
            </div>
          )}
        </div>
        <div className="space-y-3">
          <Checkbox
            label={RESTRICT_MIME_LABEL}
            checked={form.restrictMime}
            onChange={(event) => set({ restrictMime: event.target.checked })}
            data-testid="bucket-restrict-mime"
          />
          {form.restrictMime && (
            <Input
              label={MIME_TYPES_LABEL}
              description={MIME_TYPES_DESCRIPTION}
              placeholder={MIME_TYPES_PLACEHOLDER}
              value={form.mimeText}
              error={errors.mime}
              onChange={(event) => set({ mimeText: event.target.value })}
              fieldClassName="pl-7"
              data-testid="bucket-mime-input"
            />
          )}
        </div>
        <div className="flex justify-end gap-2 border-t border-neutral-200 pt-4">
          <Button type="button" onClick={close} disabled={pending}>
            {CANCEL_LABEL}
          </Button>
          <Button type="submit" variant="primary" loading={pending} data-testid="bucket-form-submit">
            {bucket ? SAVE_LABEL : CREATE_LABEL}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
