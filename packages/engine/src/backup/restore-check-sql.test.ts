import { describe, expect, it } from 'vitest'
import { hasRelationKindGuard, relationKindGuardOption, restoreCheckCountSql } from './restore-check-sql'

describe('the restore check’s reads', () => {
  it('counts one relation’s own rows, never its inheritance children', () => {
    expect(restoreCheckCountSql('"public"."t"')).toBe('select count(*) as n from only "public"."t"')
  })

  it.each([
    ['17.10', true],
    ['18.4', true],
    ['16.4', true],
    ['16.3', false],
    ['15.8', true],
    ['15.7', false],
    ['14.13', true],
    ['11.22', false],
    ['unknown', false],
  ])('knows whether Postgres %s refuses views and foreign tables on request (%s)', (version, expected) => {
    expect(hasRelationKindGuard(version)).toBe(expected)
    expect(relationKindGuardOption(version) !== '').toBe(expected)
  })
})
