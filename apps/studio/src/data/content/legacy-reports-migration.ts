import { ChartConfig, DEFAULT_CHART_CONFIG, type ReportCard } from '@pgfleet/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { uuidv4 } from '../../lib/uuid'
import { isApiError } from '../fetcher'
import { contentKeys } from './keys'
import { createReport } from './report-create-mutation'

/** Where earlier versions of the dashboard kept reports (a zustand persist entry). */
export const LEGACY_REPORTS_STORAGE_KEY = 'pgfleet.reports'

type LegacyCard = { id?: unknown; title?: unknown; sql?: unknown; snippetId?: unknown; config?: unknown }
type LegacyReport = { id: string; projectRef: string; name: string; cards: LegacyCard[] }
type Stored = { state?: { reports?: Record<string, LegacyReport> }; version?: number }

export type LegacyReportUpload = { ref: string; id: string; name: string; layout: ReportCard[] }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function parseStored(text: string | null): Stored {
  if (!text) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' ? (parsed as Stored) : {}
  } catch {
    return {}
  }
}

/** The browser-kept reports as the content API takes them; anything unreadable is left where it is. */
export function legacyReportUploads(text: string | null): LegacyReportUpload[] {
  const reports = Object.values(parseStored(text).state?.reports ?? {})
  return reports
    .filter((report) => typeof report?.id === 'string' && UUID.test(report.id) && typeof report.projectRef === 'string')
    .map((report) => ({
      ref: report.projectRef,
      id: report.id,
      name: typeof report.name === 'string' && report.name.trim() ? report.name.trim() : 'Untitled report',
      layout: (Array.isArray(report.cards) ? report.cards : [])
        .filter((card) => typeof card?.sql === 'string')
        .map((card, position) => {
          const chart = ChartConfig.safeParse({ ...DEFAULT_CHART_CONFIG, ...(card.config as object) })
          return {
            id: typeof card.id === 'string' && UUID.test(card.id) ? card.id : uuidv4(),
            title: typeof card.title === 'string' ? card.title.slice(0, 256) : '',
            snippet_id: typeof card.snippetId === 'string' && UUID.test(card.snippetId) ? card.snippetId : null,
            sql: card.sql as string,
            chart: chart.success ? chart.data : DEFAULT_CHART_CONFIG,
            position,
          }
        }),
    }))
}

/** The stored text without the reports that reached the server (null: nothing left, remove the entry). */
export function withoutMigrated(text: string | null, migrated: ReadonlySet<string>): string | null {
  const stored = parseStored(text)
  const reports = Object.fromEntries(Object.entries(stored.state?.reports ?? {}).filter(([id]) => !migrated.has(id)))
  if (Object.keys(reports).length === 0) return null
  return JSON.stringify({ ...stored, state: { ...stored.state, reports } })
}

/** A report the server will never take (its project is gone, or not ours to see) is dropped, not retried forever. */
const settles = (error: unknown) => isApiError(error) && error.status === 404

/**
 * Moves reports kept in this browser by earlier versions to the server, once per page load. Each keeps its
 * id (PUT is an upsert), so an interrupted move simply runs again; what fails stays in the browser for the
 * next load, so nothing is lost. Answers the projects that received reports.
 */
export async function migrateLegacyReports(storage: Storage = localStorage): Promise<string[]> {
  const text = storage.getItem(LEGACY_REPORTS_STORAGE_KEY)
  const uploads = legacyReportUploads(text)
  if (uploads.length === 0) return []
  const migrated = new Set<string>()
  const refs = new Set<string>()
  for (const upload of uploads) {
    try {
      await createReport({ ref: upload.ref, id: upload.id, name: upload.name, layout: upload.layout })
      migrated.add(upload.id)
      refs.add(upload.ref)
    } catch (error) {
      if (settles(error)) migrated.add(upload.id)
    }
  }
  const rest = withoutMigrated(storage.getItem(LEGACY_REPORTS_STORAGE_KEY), migrated)
  if (rest === null) storage.removeItem(LEGACY_REPORTS_STORAGE_KEY)
  else storage.setItem(LEGACY_REPORTS_STORAGE_KEY, rest)
  return [...refs]
}

/** Runs the move once per page load; reports pages wait for it before reading the server's list. */
export function useLegacyReportsMigration() {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: ['content', 'legacy-reports-migration'],
    queryFn: async () => {
      const refs = await migrateLegacyReports()
      for (const ref of refs) await queryClient.invalidateQueries({ queryKey: contentKeys.all(ref) })
      return refs
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
