import { describe, expect, it } from 'vitest'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import { batchesByRole, batchesInOrder, parseToc, runsTenantCode } from './restore-as-owners'

/** A `pg_restore --list` as Postgres 15 prints it, names with spaces and all. */
const LISTING = `;
; Archive created at 2026-11-27 21:00:00 UTC
;
3367; 0 16402 TABLE DATA public child postgres
3366; 0 16397 TABLE DATA public my table postgres
3368; 0 16410 TABLE DATA tenant odd name odd owner
3380; 0 0 SEQUENCE SET public s pgfleet_admin
3371; 0 0 BLOBS - BLOBS 
3217; 2606 16401 CONSTRAINT public my table my table_pkey postgres
3215; 1259 16395 INDEX public t_expr_idx postgres
3363; 3256 16396 POLICY public t p postgres
3365; 0 16391 MATERIALIZED VIEW DATA public mv postgres
`

describe('restoring a dump as its owners', () => {
  const entries = parseToc(LISTING)

  it('reads the ids of each entry and leaves the names alone', () => {
    expect(entries.map((entry) => [entry.dumpId, entry.classId, entry.objectId])).toEqual([
      [3367, 0, 16402],
      [3366, 0, 16397],
      [3368, 0, 16410],
      [3380, 0, 0],
      [3371, 0, 0],
      [3217, 2606, 16401],
      [3215, 1259, 16395],
      [3363, 3256, 16396],
      [3365, 0, 16391],
    ])
    expect(entries[1]?.line).toBe('3366; 0 16397 TABLE DATA public my table postgres')
  })

  it('knows which entries evaluate tenant code', () => {
    expect(entries.filter(runsTenantCode).map((entry) => entry.dumpId)).toEqual([3367, 3366, 3368, 3217, 3215, 3365])
  })

  it('keeps the dump order across owners, and groups rows by owner', () => {
    const roles = new Map([
      [3367, 'postgres'],
      [3366, 'postgres'],
      [3368, 'odd owner'],
      [3217, 'postgres'],
      [3215, 'postgres'],
      [3365, 'postgres'],
    ])
    const ids = (batches: { role: string; entries: { dumpId: number }[] }[]) =>
      batches.map((batch) => [batch.role, batch.entries.map((entry) => entry.dumpId)])
    expect(ids(batchesInOrder(entries, roles))).toEqual([
      ['postgres', [3367, 3366]],
      ['odd owner', [3368]],
      [PLATFORM_SUPERUSER, [3380, 3371]],
      ['postgres', [3217, 3215]],
      [PLATFORM_SUPERUSER, [3363]],
      ['postgres', [3365]],
    ])
    expect(ids(batchesByRole(entries.slice(0, 5), roles))).toEqual([
      ['postgres', [3367, 3366]],
      ['odd owner', [3368]],
      [PLATFORM_SUPERUSER, [3380, 3371]],
    ])
  })
})
