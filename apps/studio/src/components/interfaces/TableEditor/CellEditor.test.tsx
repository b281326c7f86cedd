// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CellEditor } from './CellEditor'
import type { EditableColumn } from './cell-value'

afterEach(cleanup)

const column = (format: string, extra: Partial<EditableColumn> = {}): EditableColumn => ({
  name: 'value',
  format,
  enums: [],
  is_nullable: true,
  ...extra,
})

function renderEditor(col: EditableColumn, value: string | null) {
  const onSave = vi.fn()
  const onCancel = vi.fn()
  render(<CellEditor column={col} value={value} onSave={onSave} onCancel={onCancel} />)
  return { onSave, onCancel, user: userEvent.setup() }
}

const save = () => screen.getByRole('button', { name: 'Save' })
const nullChoice = () => screen.getByRole('checkbox', { name: 'NULL' })

describe('CellEditor', () => {
  it('saves edited text as typed, and an emptied text as an empty string rather than NULL', async () => {
    const { onSave, user } = renderEditor(column('text'), "O'Brien")
    const input = screen.getByRole('textbox', { name: 'value' })
    expect(input).toHaveProperty('value', "O'Brien")
    await user.clear(input)
    await user.click(save())
    expect(onSave).toHaveBeenCalledWith('')
  })

  it('offers NULL as a choice of its own, and starts on it for a NULL value', async () => {
    const { onSave, user } = renderEditor(column('text'), null)
    expect(nullChoice()).toHaveProperty('checked', true)
    expect(screen.getByRole('textbox', { name: 'value' })).toHaveProperty('disabled', true)
    await user.click(nullChoice())
    await user.type(screen.getByRole('textbox', { name: 'value' }), 'now text')
    await user.click(save())
    expect(onSave).toHaveBeenCalledWith('now text')
  })

  it('saves NULL when chosen, and does not offer it for a NOT NULL column', async () => {
    const first = renderEditor(column('int4'), '5')
    await first.user.click(nullChoice())
    await first.user.click(save())
    expect(first.onSave).toHaveBeenCalledWith(null)
    cleanup()
    renderEditor(column('int4', { is_nullable: false }), '5')
    expect(nullChoice()).toHaveProperty('disabled', true)
    expect(screen.getByText('This column does not accept NULL')).toBeTruthy()
  })

  it('refuses a number that is not one, and trims a good one', async () => {
    const { onSave, user } = renderEditor(column('int8'), '1')
    const input = screen.getByRole('textbox', { name: 'value' })
    await user.clear(input)
    await user.type(input, '12a')
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number')
    expect(save()).toHaveProperty('disabled', true)
    await user.clear(input)
    await user.type(input, ' 42 {Enter}')
    expect(onSave).toHaveBeenCalledWith('42')
  })

  it('checks JSON before saving and shows it indented', async () => {
    const { onSave, user } = renderEditor(column('jsonb'), '{"a": [1, 2]}')
    const input = screen.getByRole('textbox', { name: 'value' }) as HTMLTextAreaElement
    expect(input.value).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}')
    await user.clear(input)
    await user.type(input, '{{"broken": ')
    expect(screen.getByRole('alert').textContent).toMatch(/^Not valid JSON/)
    expect(save()).toHaveProperty('disabled', true)
    await user.type(input, '1}')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(save())
    expect(onSave).toHaveBeenCalledWith('{"broken": 1}')
  })

  it('picks booleans and enum labels from their lists', async () => {
    const first = renderEditor(column('bool'), 'true')
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'value' }), 'false')
    await first.user.click(save())
    expect(first.onSave).toHaveBeenCalledWith('false')
    cleanup()
    const second = renderEditor(column('mood', { enums: ['sad', 'ok', 'happy'] }), 'ok')
    const options = screen.getAllByRole('option').map((o) => o.textContent)
    expect(options).toEqual(['sad', 'ok', 'happy'])
    await second.user.selectOptions(screen.getByRole('combobox', { name: 'value' }), 'happy')
    await second.user.click(save())
    expect(second.onSave).toHaveBeenCalledWith('happy')
  })

  it('edits a date with a date control and a timestamp as Postgres text', async () => {
    const first = renderEditor(column('date'), '2000-01-02')
    const date = screen.getByLabelText('value') as HTMLInputElement
    expect(date.type).toBe('date')
    expect(date.value).toBe('2000-01-02')
    cleanup()
    const second = renderEditor(column('timestamptz'), '2024-05-01 10:00:00+00')
    const input = screen.getByRole('textbox', { name: 'value' })
    await second.user.clear(input)
    await second.user.type(input, '2024-05-02 11:30:00+00')
    await second.user.click(save())
    expect(second.onSave).toHaveBeenCalledWith('2024-05-02 11:30:00+00')
    expect(first.onSave).not.toHaveBeenCalled()
  })

  it('cancels without saving', async () => {
    const { onSave, onCancel, user } = renderEditor(column('text'), 'x')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalled()
    expect(onSave).not.toHaveBeenCalled()
  })
})
