import type { ReactNode } from 'react'
import { useState } from 'react'
import { Link } from 'react-router'
import { isApiError } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { ErrorState } from '../../ui/ErrorState'
import { PageSkeleton } from '../../ui/Skeleton'
import { PausedBanner } from '../PausedState/PausedBanner'
import { ProjectPausedState } from '../PausedState/ProjectPausedState'
import { ConnectingState } from '../ProjectStatus/ConnectingState'
import { DeletingState } from '../ProjectStatus/DeletingState'
import { PauseFailedState } from '../ProjectStatus/PauseFailedState'
import { PausingState } from '../ProjectStatus/PausingState'
import { ResizingState } from '../ProjectStatus/ResizingState'
import { RestartingState } from '../ProjectStatus/RestartingState'
import { RestoreFailedState } from '../ProjectStatus/RestoreFailedState'
import { RestoringState } from '../ProjectStatus/RestoringState'
import { UpgradingState } from '../ProjectStatus/UpgradingState'
import {
  PROJECT_LOAD_FAILED_TITLE,
  PROJECT_NOT_FOUND_DESCRIPTION,
  PROJECT_NOT_FOUND_TITLE,
} from './project-layout.constants'
import { getProjectScreen, holdRestoreScreen } from './project-layout.utils'
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
  // the project whose restoring screen was shown, kept until the user leaves 'Restoration complete!'
  const [restoreHeldFor, setRestoreHeldFor] = useState<string | null>(null)

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

  const held = restoreHeldFor === project.ref
  const { screen, held: stillHeld } = holdRestoreScreen(
    getProjectScreen(project.status, subpath, project.postgrestStatus),
    held,
  )
  // Adjusting state while rendering: React re-renders at once, before anything reaches the screen.
  if (stillHeld !== held) setRestoreHeldFor(stillHeld ? project.ref : null)

  switch (screen) {
    case 'page':
      return project.status === 'INACTIVE' ? (
        <>
          <PausedBanner project={project} />
          {children}
        </>
      ) : (
        children
      )
    case 'setting-up':
      return <SettingUpState project={project} />
    case 'connecting':
      return <ConnectingState project={project} />
    case 'paused':
      return <ProjectPausedState project={project} />
    case 'pausing':
      return <PausingState project={project} />
    case 'pause-failed':
      return <PauseFailedState project={project} />
    case 'restarting':
      return <RestartingState project={project} />
    case 'resizing':
      return <ResizingState project={project} />
    case 'restoring':
    case 'restore-complete':
      return (
        <RestoringState
          project={project}
          completed={screen === 'restore-complete'}
          onReturn={() => setRestoreHeldFor(null)}
        />
      )
    case 'restore-failed':
      return <RestoreFailedState project={project} />
    case 'deleting':
      return <DeletingState project={project} />
    case 'upgrading':
      return <UpgradingState project={project} />
    default: {
      const unhandled: never = screen
      return unhandled
    }
  }
}
