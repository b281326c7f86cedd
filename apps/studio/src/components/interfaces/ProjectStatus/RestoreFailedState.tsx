import type { Project } from '@pgfleet/contracts'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button'
import { RestoreProjectButton } from '../PausedState/RestoreProjectButton'
import { DownloadLatestBackupButton } from './DownloadLatestBackupButton'
import {
  CONTACT_SUPPORT_LABEL,
  RESTORE_FAILED_DESCRIPTION,
  RESTORE_FAILED_SUPPORT_SUBJECT,
  RESTORE_FAILED_TITLE,
  STATUS_SUPPORT_CATEGORY,
} from './project-status.constants'
import { buildSupportLink } from './project-status.utils'
import { StatusErrorDetail } from './StatusErrorDetail'
import { StatusScreen } from './StatusScreen'

/** RESTORE_FAILED: the data is intact; the restore can be tried again (the platform allows it from this status). */
export function RestoreFailedState({ project }: { project: Project }) {
  return (
    <StatusScreen
      screen="restore-failed"
      tone="error"
      title={RESTORE_FAILED_TITLE}
      description={
        <>
          <p>{RESTORE_FAILED_DESCRIPTION}</p>
          <StatusErrorDetail project={project} />
        </>
      }
    >
      <RestoreProjectButton project={project} />
      <DownloadLatestBackupButton project={project} />
      <Link
        to={buildSupportLink({
          category: STATUS_SUPPORT_CATEGORY,
          ref: project.ref,
          subject: RESTORE_FAILED_SUPPORT_SUBJECT(project.name),
        })}
        className={buttonClassName()}
      >
        {CONTACT_SUPPORT_LABEL}
      </Link>
    </StatusScreen>
  )
}
