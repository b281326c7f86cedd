import { describe, expect, it } from 'vitest'
import { filterTables, paginate } from './database.utils'

describe('database utils', () => {
  it('filters tables by name, case-insensitively', () => {
    const tables = [{ name: 'todos' }, { name: 'Profiles' }, { name: 'todo_tags' }]
    expect(filterTables(tables, 'TODO').map((t) => t.name)).toEqual(['todos', 'todo_tags'])
    expect(filterTables(tables, ' ')).toHaveLength(3)
  })

  it('pages a long list and clamps the page', () => {
    const items = Array.from({ length: 2000 }, (_, i) => i)
    const first = paginate(items, 0, 50)
    expect(first.items).toHaveLength(50)
    expect(first.pageCount).toBe(40)
    const last = paginate(items, 99, 50)
    expect(last.page).toBe(39)
    expect(last.items[0]).toBe(1950)
    expect(last.to).toBe(2000)
    expect(paginate([], 0, 50)).toMatchObject({ pageCount: 1, items: [] })
  })
})
