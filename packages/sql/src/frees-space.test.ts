import { describe, expect, it } from 'vitest'
import { freesSpaceOnly } from './frees-space'
import { parseSql } from './parser'

describe('freesSpaceOnly', () => {
  it('accepts scripts of DROP and TRUNCATE statements only', async () => {
    for (const sql of [
      'truncate big_table',
      'TRUNCATE a, b CASCADE; drop table c; -- insert into x values (1)',
      'drop index if exists i; drop materialized view m; drop schema s cascade; drop trigger t on a',
    ])
      expect(freesSpaceOnly(await parseSql(sql))).toBe(true)
  })

  it('refuses anything else, in any position, and SQL that does not parse', async () => {
    for (const sql of [
      'truncate a; insert into a values (1)',
      'delete from a',
      'vacuum full a',
      "select set_config('default_transaction_read_only', 'off', false); truncate a",
      'begin; truncate a; commit',
      'drop database postgres',
      'drop role r',
      'with d as (delete from a returning *) select 1',
      'truncate',
      '',
    ])
      expect(freesSpaceOnly(await parseSql(sql))).toBe(false)
  })
})
