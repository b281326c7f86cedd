import { describe, expect, it } from 'vitest'
import { legacyReportUploads, withoutMigrated } from './legacy-reports-migration'

const REPORT_ID = '7b0f2c1e-64a4-4d3c-9d3e-0a1b2c3d4e5f'
const OTHER_ID = '1c7e0d52-3a8b-4e2f-8a1d-9f0e1d2c3b4a'
const SNIPPET_ID = '5d1f6a9e-2b3c-4d5e-8f70-1a2b3c4d5e6f'

const stored = JSON.stringify({
  state: {
    reports: {
      [REPORT_ID]: {
        id: REPORT_ID,
        projectRef: 'abcdefghijklmnop',
        name: '  Weekly  ',
        createdAt: '2025-01-01T00:00:00.000Z',
        cards: [
          {
            id: 'not-a-uuid',
            title: 'Signups',
            sql: 'select 1',
            snippetId: SNIPPET_ID,
            config: { type: 'line', view: 'chart', xKey: 'day', yKey: 'n' },
          },
          { title: 'Broken config', sql: 'select 2', config: { type: 'pie' } },
          { title: 'No SQL' },
        ],
      },
      [OTHER_ID]: { id: OTHER_ID, projectRef: 'qrstuvwxyzabcdef', name: '', cards: [] },
      junk: { id: 'junk', projectRef: 'x', name: 'not a uuid', cards: [] },
    },
  },
  version: 0,
})

describe('reports kept in the browser by earlier versions', () => {
  it('become content API reports with their cards, in order, with valid chart configs', () => {
    const uploads = legacyReportUploads(stored)
    expect(uploads.map((u) => [u.ref, u.id, u.name])).toEqual([
      ['abcdefghijklmnop', REPORT_ID, 'Weekly'],
      ['qrstuvwxyzabcdef', OTHER_ID, 'Untitled report'],
    ])
    const [first, second] = uploads[0]?.layout ?? []
    expect(first).toMatchObject({
      title: 'Signups',
      snippet_id: SNIPPET_ID,
      sql: 'select 1',
      position: 0,
      chart: { type: 'line', view: 'chart', xKey: 'day', yKey: 'n', cumulative: false, showGrid: true },
    })
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).toMatchObject({ title: 'Broken config', snippet_id: null, position: 1, chart: { type: 'bar' } })
    expect(uploads[0]?.layout).toHaveLength(2)
  })

  it('ignores what it cannot read', () => {
    expect(legacyReportUploads(null)).toEqual([])
    expect(legacyReportUploads('{not json')).toEqual([])
    expect(legacyReportUploads('{"state":{}}')).toEqual([])
  })

  it('keeps only the reports that did not reach the server, and clears the entry when none is left', () => {
    const rest = withoutMigrated(stored, new Set([REPORT_ID]))
    expect(Object.keys(JSON.parse(rest ?? '{}').state.reports).sort()).toEqual([OTHER_ID, 'junk'].sort())
    expect(JSON.parse(rest ?? '{}').version).toBe(0)
    expect(withoutMigrated(stored, new Set([REPORT_ID, OTHER_ID, 'junk']))).toBeNull()
    expect(withoutMigrated(null, new Set())).toBeNull()
  })
})
