import { PROJECT_STATUSES, type ProjectStatus } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { operationForStatus, type ProjectOperation, refusal, TRANSITIONS } from './state-machine'

const allowed: Record<Exclude<ProjectOperation, 'create'>, ProjectStatus[]> = {
  pause: ['ACTIVE_HEALTHY', 'UNKNOWN'],
  restore: ['INACTIVE', 'RESTORE_FAILED'],
  restart: ['ACTIVE_HEALTHY', 'UNKNOWN'],
  resize: ['ACTIVE_HEALTHY'],
  delete: ['ACTIVE_HEALTHY', 'INACTIVE', 'PAUSE_FAILED', 'RESTORE_FAILED', 'UNKNOWN', 'COMING_UP'],
  'restore-backup': ['ACTIVE_HEALTHY'],
  upgrade: ['ACTIVE_HEALTHY'],
}

describe('project state machine', () => {
  for (const [operation, from] of Object.entries(allowed) as [Exclude<ProjectOperation, 'create'>, ProjectStatus[]][]) {
    for (const status of PROJECT_STATUSES) {
      const ok = from.includes(status)
      it(`${operation} from ${status} is ${ok ? 'allowed' : 'refused'}`, () => {
        expect(refusal(operation, status) === null).toBe(ok)
      })
    }
  }

  it('maps every transitional status back to its operation (crash recovery)', () => {
    expect(operationForStatus('PAUSING')).toBe('pause')
    expect(operationForStatus('RESTORING')).toBe('restore')
    // an in-place restore of a backup shares RESTORING, and names the backup it puts back
    expect(operationForStatus('RESTORING', true)).toBe('restore-backup')
    expect(operationForStatus('RESIZING', true)).toBe('resize')
    expect(operationForStatus('UPGRADING')).toBe('upgrade')
    expect(operationForStatus('RESTARTING')).toBe('restart')
    expect(operationForStatus('RESIZING')).toBe('resize')
    expect(operationForStatus('GOING_DOWN')).toBe('delete')
    expect(operationForStatus('COMING_UP')).toBe('create')
    expect(operationForStatus('ACTIVE_HEALTHY')).toBeNull()
    expect(operationForStatus('INACTIVE')).toBeNull()
  })

  it('explains a refusal during another operation', () => {
    expect(refusal('pause', 'RESTARTING')).toBe(
      'The project cannot be paused while it is restarting; wait for that to finish',
    )
    expect(refusal('restore', 'ACTIVE_HEALTHY')).toBe(
      'The project cannot be restored while its status is ACTIVE_HEALTHY',
    )
  })

  it('ends every operation in a status the dashboard knows', () => {
    expect(TRANSITIONS.pause).toMatchObject({ during: 'PAUSING', success: 'INACTIVE', failure: 'PAUSE_FAILED' })
    expect(TRANSITIONS.restore).toMatchObject({
      during: 'RESTORING',
      success: 'ACTIVE_HEALTHY',
      failure: 'RESTORE_FAILED',
    })
  })
})
