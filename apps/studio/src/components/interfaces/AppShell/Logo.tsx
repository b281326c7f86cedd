import { Link } from 'react-router'
import { PRODUCT_NAME } from '../../../lib/constants'

export function Logo() {
  return (
    <Link
      to="/projects"
      className="flex items-center gap-2 font-semibold text-neutral-900"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <span
        aria-hidden="true"
        className="flex size-6 items-center justify-center rounded-md bg-emerald-600 text-xs text-white"
      >
        pg
      </span>
      <span>{PRODUCT_NAME}</span>
    </Link>
  )
}
