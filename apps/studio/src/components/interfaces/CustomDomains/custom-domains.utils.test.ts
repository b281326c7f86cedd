import { CUSTOM_HOSTNAME_STATUSES } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { customDomainStage } from './custom-domains.utils'

describe('customDomainStage', () => {
  it.each([
    ['0_not_allowed', 'not-allowed'],
    ['0_no_hostname_configured', 'none'],
    ['1_not_started', 'none'],
    ['2_initiated', 'pending'],
    ['3_challenge_verified', 'verified'],
    ['4_origin_setup_completed', 'verified'],
    ['5_services_reconfigured', 'active'],
  ] as const)('%s shows as %s', (status, stage) => {
    expect(customDomainStage(status)).toBe(stage)
  })

  it('covers every status', () => {
    for (const status of CUSTOM_HOSTNAME_STATUSES) expect(customDomainStage(status)).toBeDefined()
  })
})
