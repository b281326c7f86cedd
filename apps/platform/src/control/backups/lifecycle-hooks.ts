import type { LifecycleHooks } from '../projects/lifecycle-hooks'
import { ensurePitrBaseBackup } from './pitr'

/** A restart that turned WAL archiving on opens the recovery window with a base backup (queued once). */
export function registerBackupLifecycleHooks(hooks: LifecycleHooks): void {
  hooks.register({
    service: 'backups',
    name: 'queue the base backup point-in-time recovery starts from',
    event: 'restart',
    stage: 'after',
    onFailure: 'fail-job',
    // it queues a backup job; the driver takes the backup
    role: 'none',
    run: ({ ctx, project }) => ensurePitrBaseBackup(ctx, project.ref),
  })
}
