import type { Project } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button'
import { DeleteProjectButton } from '../ProjectDeletion/DeleteProjectButton'
import { DownloadLatestBackupButton } from './DownloadLatestBackupButton'
import {
  CONTACT_SUPPORT_LABEL,
  DELETE_PROJECT_LABEL,
  PAUSE_FAILED_DESCRIPTION,
  PAUSE_FAILED_SUPPORT_SUBJECT,
  PAUSE_FAILED_TITLE,
  STATUS_SUPPORT_CATEGORY,
} from './project-status.constants'
import { buildSupportLink } from './project-status.utils'
import { StatusErrorDetail } from './StatusErrorDetail'
import { StatusScreen } from './StatusScreen'

/** PAUSE_FAILED: contact support, download the latest backup, or delete the project. */
export function PauseFailedState({ project }: { project: Project }) {
  return (
    <StatusScreen
      screen="pause-failed"
      tone="error"
      title={PAUSE_FAILED_TITLE}
      description={
        <>
          <p>{PAUSE_FAILED_DESCRIPTION}</p>
          <StatusErrorDetail project={project} />
        </>
      }
    >
      <Link
        to={buildSupportLink({
          category: STATUS_SUPPORT_CATEGORY,
          ref: project.ref,
          subject: PAUSE_FAILED_SUPPORT_SUBJECT(project.name),
        })}
        className={buttonClassName({ variant: 'primary' })}
        data-testid="pause-failed-contact-support"
      >
        {CONTACT_SUPPORT_LABEL}
      </Link>
      <DownloadLatestBackupButton project={project} />
      <DeleteProjectButton project={project} label={DELETE_PROJECT_LABEL} />
    </StatusScreen>
  )
}
