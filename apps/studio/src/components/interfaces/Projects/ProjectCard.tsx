import type { Project } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { ProjectStatusBadge } from './ProjectStatusBadge'
import { formatPostgresVersion } from './projects.utils'

export function ProjectCard({ project }: { project: Project }) {
  return (
    <li>
      <Link
        to={`/project/${project.ref}`}
        data-testid="project-card"
        data-ref={project.ref}
        className="flex h-full flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-xs transition hover:border-emerald-500 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <div className="flex items-start justify-between gap-2">
          <span className="truncate font-medium text-neutral-900">{project.name}</span>
          <ProjectStatusBadge status={project.status} />
        </div>
        <span className="text-xs text-neutral-500">
          {project.region} · Postgres {formatPostgresVersion(project.dbVersion)} · {project.compute_size}
        </span>
      </Link>
    </li>
  )
}
