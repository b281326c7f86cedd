import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button'
import { NOT_FOUND_DESCRIPTION, NOT_FOUND_HOME_LABEL, NOT_FOUND_TITLE } from './not-found.constants'

export function NotFoundPage({
  homeHref = '/projects',
  homeLabel = NOT_FOUND_HOME_LABEL,
}: {
  homeHref?: string
  homeLabel?: string
}) {
  return (
    <div className="mx-auto my-16 max-w-md px-4 text-center" data-testid="not-found-page">
      <p className="text-sm font-semibold text-emerald-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-neutral-900">{NOT_FOUND_TITLE}</h1>
      <p className="mt-2 text-sm text-neutral-600">{NOT_FOUND_DESCRIPTION}</p>
      <Link to={homeHref} className={`${buttonClassName({ variant: 'primary' })} mt-6`}>
        {homeLabel}
      </Link>
    </div>
  )
}
