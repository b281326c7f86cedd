import type { Project } from '@pgfleet/contracts'
import { useProjectStatusQuery } from '../../../data/projects/project-status-query'
import { STATUS_ERROR_LABEL } from './project-status.constants'

/** What the platform recorded about a failed operation, when it recorded anything. */
export function StatusErrorDetail({ project }: { project: Project }) {
  const { data } = useProjectStatusQuery({ ref: project.ref }, { staleTime: 0, refetchOnMount: 'always' })
  if (!data?.error) return null
  return (
    <p className="mt-3 rounded-md bg-neutral-50 px-3 py-2 font-mono text-xs break-words text-neutral-700">
      {STATUS_ERROR_LABEL}: {data.error}
    </p>
  )
}
