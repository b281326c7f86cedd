import {
  BackupSchedule,
  ManagementBackupsResponse,
  PitrStatus,
  RestoreBackupBody,
  RestorePitrBody,
  UpdateBackupScheduleBody,
  UpdatePitrBody,
} from '../backups'
import { ManagementProject, Project } from '../projects'
import {
  StartUpgradeBody,
  StartUpgradeResponse,
  UpgradeEligibility,
  UpgradeStatus,
  UpgradeStatusQuery,
} from '../upgrade'
import { EmptyResponse, type RouteDefinition } from './define'

/** Scheduled backups, point-in-time recovery and major upgrades. */
export const recoveryApiRoutes = {
  'GET /v1/projects/{ref}/database/backups': {
    method: 'GET',
    path: '/v1/projects/{ref}/database/backups',
    params: ['ref'],
    response: ManagementBackupsResponse,
    description: "The project's backups in the management API's shape, and whether PITR is on",
  },
  'GET /platform/database/{ref}/backups/schedule': {
    method: 'GET',
    path: '/platform/database/{ref}/backups/schedule',
    params: ['ref'],
    response: BackupSchedule,
    description: 'The backup schedule, the next and last backup, and the disk the backups use',
  },
  'PUT /platform/database/{ref}/backups/schedule': {
    method: 'PUT',
    path: '/platform/database/{ref}/backups/schedule',
    params: ['ref'],
    body: UpdateBackupScheduleBody,
    response: BackupSchedule,
    description: 'Sets the interval and the retention (null = the plan’s); a shorter retention prunes at once',
  },
  'POST /platform/database/{ref}/backups': {
    method: 'POST',
    path: '/platform/database/{ref}/backups',
    params: ['ref'],
    response: EmptyResponse,
    description: 'Takes a backup of the running project now (202); 409 while one is being taken',
  },
  'POST /platform/database/{ref}/backups/restore-physical': {
    method: 'POST',
    path: '/platform/database/{ref}/backups/restore-physical',
    params: ['ref'],
    body: RestoreBackupBody,
    response: Project,
    description: 'Puts a backup back in place of the live data (status RESTORING)',
  },
  'POST /platform/database/{ref}/backups/restore-check': {
    method: 'POST',
    path: '/platform/database/{ref}/backups/restore-check',
    params: ['ref'],
    response: EmptyResponse,
    description:
      'Restores the newest backup into a throwaway server and reads every table (202); the schedule shows how it went',
  },
  'GET /platform/database/{ref}/backups/pitr': {
    method: 'GET',
    path: '/platform/database/{ref}/backups/pitr',
    params: ['ref'],
    response: PitrStatus,
    description: 'Whether point-in-time recovery is on, and the recoverable window',
  },
  'PUT /platform/projects/{ref}/addons/pitr': {
    method: 'PUT',
    path: '/platform/projects/{ref}/addons/pitr',
    params: ['ref'],
    body: UpdatePitrBody,
    response: Project,
    description: 'Turns the PITR add-on on (7, 14 or 28 days) or off; turning it on or off restarts the project',
  },
  'POST /v1/projects/{ref}/database/backups/restore-pitr': {
    method: 'POST',
    path: '/v1/projects/{ref}/database/backups/restore-pitr',
    params: ['ref'],
    body: RestorePitrBody,
    response: ManagementProject,
    description: 'Restores the project to an instant of the recoverable window, to the second (status RESTORING)',
  },
  'GET /v1/projects/{ref}/upgrade/eligibility': {
    method: 'GET',
    path: '/v1/projects/{ref}/upgrade/eligibility',
    params: ['ref'],
    response: UpgradeEligibility,
    description: 'The majors the project can be upgraded to, and what stands in the way',
  },
  'POST /v1/projects/{ref}/upgrade': {
    method: 'POST',
    path: '/v1/projects/{ref}/upgrade',
    params: ['ref'],
    body: StartUpgradeBody,
    response: StartUpgradeResponse,
    description: 'Starts a major upgrade (status UPGRADING); answers its tracking id',
  },
  'GET /v1/projects/{ref}/upgrade/status': {
    method: 'GET',
    path: '/v1/projects/{ref}/upgrade/status',
    params: ['ref'],
    query: UpgradeStatusQuery,
    response: UpgradeStatus,
    description: 'The tracked (or latest) upgrade: status, each progress key reached and when, and the error',
  },
} as const satisfies Record<string, RouteDefinition>
