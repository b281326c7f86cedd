import { UPGRADE_PROGRESS } from '@pgfleet/contracts'
import { UPGRADE_PROGRESS_KEYS } from '@pgfleet/engine'
import { describe, expect, it } from 'vitest'

// The engine records its steps with its own keys (it does not depend on the HTTP contracts); the status route passes
// them through unchanged, so both lists must be the same, in the same order.
describe('upgrade progress keys', () => {
  it('are the same in the engine and in the contracts', () => {
    expect([...UPGRADE_PROGRESS_KEYS]).toEqual([...UPGRADE_PROGRESS])
  })
})
