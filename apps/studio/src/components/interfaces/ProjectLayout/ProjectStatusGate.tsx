import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { isApiError } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { ErrorState } from '../../ui/ErrorState'
import { PageSkeleton } from '../../ui/Skeleton'
import { ProjectStatusPlaceholder } from './ProjectStatusPlaceholder'
import {
  PROJECT_LOAD_FAILED_TITLE,
  PROJECT_NOT_FOUND_DESCRIPTION,
  PROJECT_NOT_FOUND_TITLE,
} from './project-layout.constants'
import { getProjectScreen } from './project-layout.utils'
import { SettingUpState } from './SettingUpState'

/** The main area: the requested page when the project can serve it, else the screen for its status. */
export function ProjectStatusGate({
  projectRef,
  subpath,
  children,
}: {
  projectRef: string
  subpath: string
  children: ReactNode
}) {
  const { data: project, isPending, isError, error, refetch, isFetching } = useProjectDetailQuery({ ref: projectRef })

  if (isPending) return <PageSkeleton label="Loading project" />
  if (isError) {
    if (isApiError(error) && error.status === 404) {
      return (
        <div
          role="alert"
          className="mx-auto my-10 max-w-lg rounded-lg border border-neutral-200 bg-white p-6 text-center"
        >
          <h1 className="font-semibold text-neutral-900">{PROJECT_NOT_FOUND_TITLE}</h1>
          <p className="mt-2 text-sm text-neutral-600">{PROJECT_NOT_FOUND_DESCRIPTION(projectRef)}</p>
          <Link to="/projects" className="mt-4 inline-block text-sm font-medium text-emerald-700 hover:underline">
            All projects
          </Link>
        </div>
      )
    }
    return (
      <ErrorState
        title={PROJECT_LOAD_FAILED_TITLE}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }

  const screen = getProjectScreen(project.status, subpath)
  switch (screen) {
    case 'page':
      return children
    case 'setting-up':
      return <SettingUpState project={project} />
    case 'paused':
    case 'pausing':
    case 'pause-failed':
    case 'restarting':
    case 'resizing':
    case 'upgrading':
    case 'restoring':
    case 'restore-failed':
      return <ProjectStatusPlaceholder project={project} screen={screen} />
    default: {
      const unhandled: never = screen
      return unhandled
    }
  }
}
