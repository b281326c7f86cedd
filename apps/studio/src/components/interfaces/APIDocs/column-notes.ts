/**
 * The REST description marks key columns inside the description text, as PostgREST does: a "Note:" block
 * whose lines end in `<pk/>` or `<fk table='t' column='c'/>`. The docs show those as badges, never as markup.
 */
export type ColumnNotes = {
  /** the column's own comment, without the generated note */
  text: string
  primaryKey: boolean
  foreignKeys: { table: string; column: string }[]
}

const PRIMARY_KEY_MARK = /<pk\s*\/>/
const FOREIGN_KEY_MARK = /<fk\s+table=['"]([^'"]*)['"]\s+column=['"]([^'"]*)['"]\s*\/>/

export function parseColumnNotes(description: string): ColumnNotes {
  let primaryKey = false
  const foreignKeys: ColumnNotes['foreignKeys'] = []
  const kept: string[] = []
  for (const line of description.split('\n')) {
    const foreignKey = FOREIGN_KEY_MARK.exec(line)
    if (PRIMARY_KEY_MARK.test(line)) {
      primaryKey = true
    } else if (foreignKey) {
      foreignKeys.push({ table: foreignKey[1] ?? '', column: foreignKey[2] ?? '' })
    } else if (line.trim() !== 'Note:') {
      kept.push(line)
    }
  }
  return { text: kept.join('\n').trim(), primaryKey, foreignKeys }
}
