import type { Project } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { useProjectPauseStatusQuery } from '../../../data/projects/project-pause-status-query'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { buttonClassName } from '../../ui/Button'
import {
  PAUSED_DESCRIPTION,
  PAUSED_TITLE,
  UPGRADE_TO_PRO_LABEL,
  VIEW_PROJECT_SETTINGS_LABEL,
} from './paused-state.constants'
import { getUpgradeLink, isFreePlan, isRestoreAllowed } from './paused-state.utils'
import { RestoreGatingPanel } from './RestoreGatingPanel'
import { RestoreProjectButton } from './RestoreProjectButton'

/** The main area of a paused project on every page but its home and settings. */
export function ProjectPausedState({ project }: { project: Project }) {
  const { organization } = useOrganization(project.organization_slug)
  const planId = organization?.plan.id
  const expiryEnforced = isFlagOn(useFlag('enforceNinetyDayUnpauseExpiry'))
  const pauseStatus = useProjectPauseStatusQuery({ ref: project.ref }, { enabled: expiryEnforced, staleTime: 0 })
  const restoreAllowed = isRestoreAllowed(expiryEnforced, pauseStatus.data)

  return (
    <div className="mx-auto max-w-2xl p-6 md:p-10">
      <section
        aria-labelledby="paused-title"
        className="space-y-5 rounded-lg border border-neutral-200 bg-white p-6 shadow-xs"
        data-testid="project-paused-state"
      >
        <div className="space-y-2">
          <h1 id="paused-title" className="text-lg font-semibold text-neutral-900">
            {PAUSED_TITLE(project.name)}
          </h1>
          <p className="text-sm text-neutral-600">{PAUSED_DESCRIPTION}</p>
        </div>

        {expiryEnforced && <RestoreGatingPanel project={project} planId={planId} pauseStatus={pauseStatus} />}

        <div className="flex flex-wrap gap-2">
          {restoreAllowed !== false && <RestoreProjectButton project={project} />}
          {organization &&
            (isFreePlan(planId) ? (
              <Link to={getUpgradeLink(organization.slug)} className={buttonClassName()}>
                {UPGRADE_TO_PRO_LABEL}
              </Link>
            ) : (
              <Link to={`/project/${project.ref}/settings/general`} className={buttonClassName()}>
                {VIEW_PROJECT_SETTINGS_LABEL}
              </Link>
            ))}
        </div>
      </section>
    </div>
  )
}
