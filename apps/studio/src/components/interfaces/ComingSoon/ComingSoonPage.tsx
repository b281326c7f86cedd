import { useMatches, useSearchParams } from 'react-router'
import { getRouteHandle } from '../../../lib/route-handle'
import { ADDONS_PITR_PANEL_NOTE, COMING_SOON_NOTICE } from './coming-soon.constants'

/** A page that is not built yet: its title and one sentence saying what it will hold. */
export function ComingSoonPage() {
  const { title, summary } = getRouteHandle(useMatches())
  const [searchParams] = useSearchParams()
  const pitrPanel = searchParams.get('panel') === 'pitr'
  return (
    <div className="mx-auto max-w-3xl p-6 md:p-10" data-testid="coming-soon-page">
      <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
      <div className="mt-4 rounded-lg border border-dashed border-neutral-300 bg-white p-6">
        <p className="text-sm font-medium text-neutral-900">{COMING_SOON_NOTICE}</p>
        <p className="mt-2 text-sm text-neutral-600" data-testid="coming-soon-summary">
          {summary}
        </p>
        {pitrPanel && <p className="mt-2 text-sm text-neutral-600">{ADDONS_PITR_PANEL_NOTE}</p>}
      </div>
    </div>
  )
}
