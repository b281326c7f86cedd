// @vitest-environment jsdom
import type { RowFilter } from '@pgfleet/contracts'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FilterBar } from './FilterBar'

afterEach(cleanup)

const columns = [{ name: 'id' }, { name: 'name' }, { name: 'age' }]

function renderBar(filters: RowFilter[] = []) {
  const onApply = vi.fn()
  const view = render(<FilterBar columns={columns} filters={filters} onApply={onApply} />)
  return { onApply, user: userEvent.setup(), view }
}

const rows = () => screen.queryAllByTestId('filter-row')

describe('FilterBar', () => {
  it('adds a filter and applies it with Enter, as column, operator and value', async () => {
    const { onApply, user } = renderBar()
    await user.click(screen.getByRole('button', { name: 'Add filter' }))
    expect(rows()).toHaveLength(1)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Column' }), 'name')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Operator' }), 'ilike')
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '%smith%{Enter}')
    expect(onApply).toHaveBeenLastCalledWith([{ column: 'name', operator: 'ilike', value: '%smith%' }])
  })

  it('asks for a value rather than applying an empty comparison', async () => {
    const { onApply, user } = renderBar()
    await user.click(screen.getByRole('button', { name: 'Add filter' }))
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(screen.getByRole('alert').textContent).toBe('Enter a value to compare with')
    expect(onApply).not.toHaveBeenCalled()
  })

  it('splits an in list on commas, and offers keywords for is', async () => {
    const { onApply, user } = renderBar()
    await user.click(screen.getByRole('button', { name: 'Add filter' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Operator' }), 'in')
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '1, 2,,3')
    await user.click(screen.getByRole('button', { name: 'Add filter' }))
    const operators = screen.getAllByRole('combobox', { name: 'Operator' })
    await user.selectOptions(operators[1] as HTMLElement, 'is')
    const keyword = screen.getAllByRole('combobox', { name: 'Value' })[0] as HTMLSelectElement
    expect([...keyword.options].map((o) => o.value)).toEqual(['null', 'not null', 'true', 'false', 'unknown'])
    await user.selectOptions(keyword, 'not null')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(onApply).toHaveBeenLastCalledWith([
      { column: 'id', operator: 'in', value: ['1', '2', '3'] },
      { column: 'id', operator: 'is', value: 'not null' },
    ])
  })

  it('shows the applied filters, removes one at once and clears them all', async () => {
    const applied: RowFilter[] = [
      { column: 'age', operator: 'gte', value: '18' },
      { column: 'name', operator: 'like', value: 'A%' },
    ]
    const { onApply, user } = renderBar(applied)
    expect(rows()).toHaveLength(2)
    expect(screen.getAllByRole('textbox', { name: 'Value' }).map((i) => (i as HTMLInputElement).value)).toEqual([
      '18',
      'A%',
    ])
    await user.click(screen.getAllByRole('button', { name: 'Remove filter' })[0] as HTMLElement)
    expect(onApply).toHaveBeenLastCalledWith([{ column: 'name', operator: 'like', value: 'A%' }])
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(onApply).toHaveBeenLastCalledWith([])
    expect(rows()).toHaveLength(0)
  })
})
