/** Per table and browser: which columns are hidden and how wide the resized ones are. */
export interface ColumnPrefs {
  hidden: string[]
  widths: Record<string, number>
}

const EMPTY: ColumnPrefs = { hidden: [], widths: {} }

const storageKey = (ref: string, tableId: number) => `pgfleet.table-editor.columns.${ref}.${tableId}`

export function loadColumnPrefs(ref: string, tableId: number): ColumnPrefs {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(ref, tableId)) ?? 'null') as Partial<ColumnPrefs> | null
    if (!saved || typeof saved !== 'object') return EMPTY
    const hidden = Array.isArray(saved.hidden) ? saved.hidden.filter((name) => typeof name === 'string') : []
    const widths: Record<string, number> = {}
    for (const [name, width] of Object.entries(saved.widths ?? {})) {
      if (typeof width === 'number' && Number.isFinite(width) && width > 0) widths[name] = width
    }
    return { hidden, widths }
  } catch {
    // storage unavailable or a value from an older version: start from the defaults
    return EMPTY
  }
}

export function saveColumnPrefs(ref: string, tableId: number, prefs: ColumnPrefs): void {
  try {
    localStorage.setItem(storageKey(ref, tableId), JSON.stringify(prefs))
  } catch {
    // a full or disabled storage only loses the preference
  }
}
