import type { Project } from '@pgfleet/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { getErrorMessage } from '../../../data/fetcher'
import { projectKeys } from '../../../data/projects/keys'
import { useProjectStatusQuery } from '../../../data/projects/project-status-query'
import { API_DOCS_URL } from '../../../lib/constants'
import { recordEvent } from '../../../lib/telemetry'
import { Alert } from '../../ui/Alert'
import { Spinner } from '../../ui/Spinner'
import {
  CLIENT_LIBRARIES,
  CLIENT_LIBRARIES_TITLE,
  CONTACT_SUPPORT_LABEL,
  EXAMPLE_PROJECT_CARD_CLICKED,
  EXAMPLE_PROJECTS,
  EXAMPLE_PROJECTS_TITLE,
  EXAMPLE_PROJECTS_URL,
  SETTING_UP_DESCRIPTION,
  SETTING_UP_POLL_INTERVAL_MS,
  SETTING_UP_SUPPORT_ADVICE,
  SETTING_UP_SUPPORT_ADVICE_AFTER_MS,
  SETTING_UP_TITLE,
  SETTING_UP_UNKNOWN_DESCRIPTION,
} from './project-layout.constants'
import { supportLinkFor } from './project-layout.utils'

const cardClassName =
  'block rounded-lg border border-neutral-200 bg-white p-4 shadow-xs transition hover:border-emerald-500 focus-visible:outline-2 focus-visible:outline-emerald-600'

/**
 * Shown while the project is coming up or its status is unknown. Polls the status and, once the
 * project is healthy, refreshes the project so the layout shows the page that was asked for.
 */
export function SettingUpState({ project }: { project: Project }) {
  const queryClient = useQueryClient()
  const [mountedAt] = useState(() => Date.now())
  const [showSupportAdvice, setShowSupportAdvice] = useState(false)
  const statusQuery = useProjectStatusQuery(
    { ref: project.ref },
    { refetchInterval: SETTING_UP_POLL_INTERVAL_MS, refetchIntervalInBackground: true, refetchOnMount: 'always' },
  )
  const polledStatus = statusQuery.data?.status
  // An answer cached before this screen opened may be stale; only act on fresh ones.
  const freshStatus = statusQuery.dataUpdatedAt >= mountedAt ? polledStatus : undefined

  useEffect(() => {
    const timer = setTimeout(() => setShowSupportAdvice(true), SETTING_UP_SUPPORT_ADVICE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    if (!freshStatus || freshStatus === project.status) return
    // Switch screens at once, then fetch the whole project again.
    queryClient.setQueryData<Project>(projectKeys.detail(project.ref), (current) =>
      current ? { ...current, status: freshStatus } : current,
    )
    void queryClient.invalidateQueries({ queryKey: projectKeys.detail(project.ref) })
    void queryClient.invalidateQueries({ queryKey: projectKeys.list() })
  }, [freshStatus, project.status, project.ref, queryClient])

  const comingUp = project.status === 'COMING_UP'

  return (
    <div className="mx-auto max-w-4xl space-y-8 p-6 md:p-10" data-testid="setting-up-state">
      <div className="space-y-2">
        <div className="flex items-center gap-3">
          <Spinner className="size-5 text-emerald-600" />
          <h1 className="text-xl font-semibold text-neutral-900">{SETTING_UP_TITLE}</h1>
        </div>
        <p className="text-sm text-neutral-600">{comingUp ? SETTING_UP_DESCRIPTION : SETTING_UP_UNKNOWN_DESCRIPTION}</p>
        {statusQuery.isError && (
          <p className="text-xs text-neutral-500">
            Could not check the status: {getErrorMessage(statusQuery.error)}. Trying again every{' '}
            {SETTING_UP_POLL_INTERVAL_MS / 1000} s.
          </p>
        )}
      </div>

      {showSupportAdvice && (
        <Alert tone="warning" data-testid="setting-up-support-advice">
          {SETTING_UP_SUPPORT_ADVICE}{' '}
          <Link to={supportLinkFor(project.ref)} className="font-medium underline">
            {CONTACT_SUPPORT_LABEL}
          </Link>
        </Alert>
      )}

      {comingUp && (
        <>
          <section aria-labelledby="setting-up-next" className="space-y-3">
            <h2 id="setting-up-next" className="text-sm font-semibold text-neutral-900">
              While you wait
            </h2>
            <div className="grid gap-3 sm:grid-cols-3">
              <a href={API_DOCS_URL} target="_blank" rel="noreferrer" className={cardClassName}>
                <span className="text-sm font-medium text-neutral-900">Documentation</span>
                <span className="mt-1 block text-xs text-neutral-600">The pgfleet API reference.</span>
              </a>
              <Link to={`/project/${project.ref}/settings/api`} className={cardClassName}>
                <span className="text-sm font-medium text-neutral-900">API keys and configuration</span>
                <span className="mt-1 block text-xs text-neutral-600">Keys and the project URL for your app.</span>
              </Link>
              <Link to={supportLinkFor(project.ref)} className={cardClassName}>
                <span className="text-sm font-medium text-neutral-900">Support</span>
                <span className="mt-1 block text-xs text-neutral-600">Tell us if the database does not come up.</span>
              </Link>
            </div>
          </section>

          <section aria-labelledby="setting-up-libraries" className="space-y-3">
            <h2 id="setting-up-libraries" className="text-sm font-semibold text-neutral-900">
              {CLIENT_LIBRARIES_TITLE}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {CLIENT_LIBRARIES.map((language) => (
                <li
                  key={language}
                  className="rounded-full border border-neutral-200 bg-white px-3 py-1 text-sm text-neutral-700"
                >
                  {language}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="setting-up-examples" className="space-y-3">
            <h2 id="setting-up-examples" className="text-sm font-semibold text-neutral-900">
              {EXAMPLE_PROJECTS_TITLE}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {EXAMPLE_PROJECTS.map((example) => (
                <li key={example.title}>
                  <a
                    href={EXAMPLE_PROJECTS_URL}
                    target="_blank"
                    rel="noreferrer"
                    className={cardClassName}
                    data-testid="example-project-card"
                    onClick={() => recordEvent(EXAMPLE_PROJECT_CARD_CLICKED, { title: example.title })}
                  >
                    <span className="text-sm font-medium text-neutral-900">{example.title}</span>
                    <span className="mt-1 block text-xs text-neutral-600">{example.description}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  )
}
