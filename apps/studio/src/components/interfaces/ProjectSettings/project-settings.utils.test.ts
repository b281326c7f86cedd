import { PROJECT_STATUSES } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { getProjectActionAvailability } from './project-settings.utils'

describe('getProjectActionAvailability', () => {
  it('allows restart and pause of a running project', () => {
    expect(getProjectActionAvailability('ACTIVE_HEALTHY')).toEqual({ restart: true, pause: true })
  })
  it('refuses both while paused or in the middle of another operation', () => {
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'ACTIVE_HEALTHY' && s !== 'UNKNOWN')) {
      expect(getProjectActionAvailability(status)).toEqual({ restart: false, pause: false })
    }
  })
})
