import type { Organization, Project } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { useLiveProjectStatus } from '../../../data/projects/use-live-project-status'
import { cn } from '../../../lib/cn'
import { type RightPanel, useAppPanelsStore } from '../../../state/app-panels-store'
import { Tooltip } from '../../ui/Tooltip'
import { APIDocsButton } from '../APIDocs/APIDocsButton'
import { Logo } from '../AppShell/Logo'
import { UserMenu } from '../AppShell/UserMenu'
import { ProjectStatusBadge } from '../Projects/ProjectStatusBadge'
import {
  ASSISTANT_PANEL_ENABLED,
  ASSISTANT_TOGGLE_LABEL,
  OPEN_MENU_LABEL,
  SQL_EDITOR_TOGGLE_LABEL,
} from './project-layout.constants'

function PanelToggle({
  panel,
  label,
  hint,
  testId,
}: {
  panel: RightPanel
  label: string
  hint: string
  testId: string
}) {
  const active = useAppPanelsStore((state) => state.rightPanel === panel)
  const toggle = useAppPanelsStore((state) => state.toggleRightPanel)
  return (
    <Tooltip content={hint} side="bottom">
      <button
        type="button"
        aria-pressed={active}
        onClick={() => toggle(panel)}
        data-testid={testId}
        className={cn(
          'h-8 rounded-md border px-2.5 text-sm font-medium transition-colors',
          active
            ? 'border-emerald-600 bg-emerald-50 text-emerald-800'
            : 'border-neutral-300 bg-white text-neutral-700 hover:bg-neutral-50',
        )}
      >
        {label}
      </button>
    </Tooltip>
  )
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export function ProjectHeader({ project, organization }: { project?: Project; organization?: Organization }) {
  const setMobileMenuOpen = useAppPanelsStore((state) => state.setMobileMenuOpen)
  const liveStatus = useLiveProjectStatus(project?.ref)
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-neutral-200 bg-white px-3 md:px-4">
      <button
        type="button"
        aria-label={OPEN_MENU_LABEL}
        onClick={() => setMobileMenuOpen(true)}
        data-testid="mobile-menu-button"
        className="flex size-8 flex-col items-center justify-center gap-1 rounded-md hover:bg-neutral-100 md:hidden"
      >
        <span aria-hidden="true" className="h-0.5 w-4 bg-neutral-700" />
        <span aria-hidden="true" className="h-0.5 w-4 bg-neutral-700" />
        <span aria-hidden="true" className="h-0.5 w-4 bg-neutral-700" />
      </button>
      <Logo />
      <nav aria-label="Breadcrumb" className="flex min-w-0 flex-1 items-center gap-2 text-sm">
        {organization && (
          <>
            <span aria-hidden="true" className="text-neutral-300">
              /
            </span>
            <Link
              to={`/org/${organization.slug}/general`}
              className="hidden truncate text-neutral-600 hover:text-neutral-900 sm:inline"
            >
              {organization.name}
            </Link>
          </>
        )}
        {project && (
          <>
            <span aria-hidden="true" className="hidden text-neutral-300 sm:inline">
              /
            </span>
            <Link
              to={`/project/${project.ref}`}
              className="truncate font-medium text-neutral-900"
              data-testid="project-breadcrumb"
            >
              {project.name}
            </Link>
            <span className="hidden sm:inline" data-testid="header-project-status">
              <ProjectStatusBadge status={liveStatus ?? project.status} />
            </span>
          </>
        )}
      </nav>
      <div className="flex items-center gap-2">
        {project && (
          <span className="hidden sm:inline-flex">
            <APIDocsButton projectRef={project.ref} />
          </span>
        )}
        <span className="hidden items-center gap-2 sm:flex">
          <PanelToggle
            panel="sql-editor"
            label={SQL_EDITOR_TOGGLE_LABEL}
            hint="Open the SQL editor beside the page"
            testId="toggle-sql-editor"
          />
          {ASSISTANT_PANEL_ENABLED && (
            <PanelToggle
              panel="assistant"
              label={ASSISTANT_TOGGLE_LABEL}
              hint={`Toggle the AI assistant (${isMac ? '⌘' : 'Ctrl+'}I)`}
              testId="toggle-assistant"
            />
          )}
        </span>
        <UserMenu />
      </div>
    </header>
  )
}
