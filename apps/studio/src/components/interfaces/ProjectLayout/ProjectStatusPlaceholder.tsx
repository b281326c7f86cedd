import type { Project } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { PROJECT_STATUS_LABELS } from '../Projects/projects.constants'
import { CONTACT_SUPPORT_LABEL, PROJECT_STATUS_PLACEHOLDER_DESCRIPTION } from './project-layout.constants'
import { type ProjectScreen, supportLinkFor } from './project-layout.utils'

/** Names a status that has no screen of its own, and updates with the project. */
export function ProjectStatusPlaceholder({ project, screen }: { project: Project; screen: ProjectScreen }) {
  return (
    <div
      className="mx-auto my-10 max-w-xl rounded-lg border border-neutral-200 bg-white p-6 shadow-xs"
      data-testid="project-status-screen"
      data-screen={screen}
    >
      <h1 className="text-lg font-semibold text-neutral-900">
        {project.name}: {PROJECT_STATUS_LABELS[project.status]}
      </h1>
      <p className="mt-2 text-sm text-neutral-600">
        The project status is <span className="font-mono">{project.status}</span>.{' '}
        {PROJECT_STATUS_PLACEHOLDER_DESCRIPTION}
      </p>
      <div className="mt-4 flex gap-4 text-sm">
        <Link to="/projects" className="font-medium text-emerald-700 hover:underline">
          All projects
        </Link>
        <Link to={supportLinkFor(project.ref)} className="font-medium text-emerald-700 hover:underline">
          {CONTACT_SUPPORT_LABEL}
        </Link>
      </div>
    </div>
  )
}
