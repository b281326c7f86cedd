import type { Bucket } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { DELETE_LABEL, EDIT_LABEL, PRIVATE_BADGE, PUBLIC_BADGE } from './storage.constants'
import { describeMimeTypes, describeSizeLimit } from './storage.utils'

/** One row per bucket: name (opening the bucket's browser), Public or Private, allowed types, size limit, and the actions the caller may take. */
export function BucketsList({
  projectRef,
  buckets,
  canWrite,
  onEdit,
  onDelete,
}: {
  projectRef: string
  buckets: Bucket[]
  canWrite: boolean
  onEdit: (bucket: Bucket) => void
  onDelete: (bucket: Bucket) => void
}) {
  return (
    <ul
      className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white shadow-xs"
      data-testid="buckets-list"
    >
      {buckets.map((bucket) => (
        <li
          key={bucket.id}
          className="flex flex-wrap items-center gap-3 px-4 py-3"
          data-testid={`bucket-row-${bucket.name}`}
        >
          <Link
            to={`/project/${projectRef}/storage/buckets/${encodeURIComponent(bucket.id)}`}
            className="min-w-0 flex-1 truncate font-mono text-sm text-neutral-900 hover:text-emerald-700 hover:underline"
            data-testid="bucket-open"
          >
            {bucket.name}
          </Link>
          <Badge tone={bucket.public ? 'warning' : 'neutral'} data-testid="bucket-visibility">
            {bucket.public ? PUBLIC_BADGE : PRIVATE_BADGE}
          </Badge>
          <span className="text-xs text-neutral-600" data-testid="bucket-mime-types">
            {describeMimeTypes(bucket.allowed_mime_types)}
          </span>
          <span className="text-xs text-neutral-600" data-testid="bucket-size-limit">
            {describeSizeLimit(bucket.file_size_limit)}
          </span>
          {canWrite && (
            <div className="flex gap-2">
              <Button size="sm" onClick={() => onEdit(bucket)} data-testid="bucket-edit">
                {EDIT_LABEL}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onDelete(bucket)} data-testid="bucket-delete">
                {DELETE_LABEL}
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
