import type { ComputeSize } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { CHANGE_COMPUTE_LINK } from './compute-and-disk.constants'
import { formatComputeSize } from './compute-and-disk.utils'

/** A project's compute size, with a link to the page that changes it. */
export function ComputeSizeWithLink({
  projectRef,
  size,
  linkTestId,
}: {
  projectRef: string
  size: ComputeSize
  linkTestId?: string
}) {
  return (
    <span className="flex items-baseline gap-2">
      {formatComputeSize(size)}
      <Link
        to={`/project/${projectRef}/compute-and-disk`}
        className="text-xs font-medium text-emerald-700 hover:underline"
        data-testid={linkTestId}
      >
        {CHANGE_COMPUTE_LINK}
      </Link>
    </span>
  )
}
