import { AI_SQL_OPT_IN_TAG } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { metadataPolicy } from './privacy'

const base = { requested: true, optInTags: [AI_SQL_OPT_IN_TAG], hipaaAddon: false, schemas: ['public'] }

describe('metadataPolicy', () => {
  it('sends the chosen schemas of an organization that opted in', () => {
    expect(metadataPolicy({ ...base, schemas: ['sales', 'public', 'sales'] })).toEqual({
      allowed: true,
      schemas: ['public', 'sales'],
    })
  })

  it('sends nothing without the opt-in, whatever the request asks', () => {
    expect(metadataPolicy({ ...base, optInTags: [] })).toEqual({ allowed: false, reason: 'not-opted-in' })
  })

  it('sends nothing under the HIPAA add-on, even opted in', () => {
    expect(metadataPolicy({ ...base, hipaaAddon: true })).toEqual({ allowed: false, reason: 'hipaa' })
  })

  it('sends nothing when the caller did not ask for it', () => {
    expect(metadataPolicy({ ...base, requested: false })).toEqual({ allowed: false, reason: 'not-requested' })
  })

  it('never sends system schemas, even when a project lists them', () => {
    expect(metadataPolicy({ ...base, schemas: ['pg_catalog', '_pgfleet', 'information_schema'] })).toEqual({
      allowed: false,
      reason: 'no-schemas',
    })
  })
})
