import { AI_SQL_OPT_IN_TAG } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { getUpdateSuccessMessage, toUpdateOrganizationBody, withOptIn } from './organization.utils'

describe('withOptIn', () => {
  it('adds the tag once and keeps other tags', () => {
    expect(withOptIn(['OTHER'], true)).toEqual(['OTHER', AI_SQL_OPT_IN_TAG])
    expect(withOptIn([AI_SQL_OPT_IN_TAG], true)).toEqual([AI_SQL_OPT_IN_TAG])
  })
  it('removes the tag', () => {
    expect(withOptIn(['OTHER', AI_SQL_OPT_IN_TAG], false)).toEqual(['OTHER'])
  })
})

describe('getUpdateSuccessMessage', () => {
  it('says opted-in when the opt-in was turned on', () => {
    expect(getUpdateSuccessMessage([], [AI_SQL_OPT_IN_TAG])).toBe('Successfully opted-in')
  })
  it('says updated otherwise', () => {
    expect(getUpdateSuccessMessage([AI_SQL_OPT_IN_TAG], [AI_SQL_OPT_IN_TAG])).toBe('Successfully updated organization')
    expect(getUpdateSuccessMessage([AI_SQL_OPT_IN_TAG], [])).toBe('Successfully updated organization')
    expect(getUpdateSuccessMessage([], [])).toBe('Successfully updated organization')
  })
})

describe('toUpdateOrganizationBody', () => {
  it('requires a slug', () => {
    expect(toUpdateOrganizationBody({ name: 'Acme', slug: '  ', optIn: false }, []).errors).toEqual({
      slug: 'slug is required',
    })
  })
  it('builds the body with the opt-in tags', () => {
    expect(toUpdateOrganizationBody({ name: ' Acme ', slug: 'acme-2', optIn: true }, []).body).toEqual({
      name: 'Acme',
      slug: 'acme-2',
      opt_in_tags: [AI_SQL_OPT_IN_TAG],
    })
  })
})
