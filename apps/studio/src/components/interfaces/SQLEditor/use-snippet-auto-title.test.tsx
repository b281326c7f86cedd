// @vitest-environment jsdom
import type { CheckApiKeyResponse } from '@pgfleet/contracts'
import { renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { newDraft } from '../../../state/sql-editor-save-queue'
import { set } from '../../../state/sql-editor-state'
import { hasDefaultName, useSnippetAutoTitle } from './use-snippet-auto-title'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast: { error: toastError } }))
const titleSql = vi.hoisted(() => vi.fn())
vi.mock('../../../data/assistant/sql-complete-mutation', () => ({ titleSql }))
const keyStatus = vi.hoisted(() => ({ current: undefined as CheckApiKeyResponse | undefined }))
vi.mock('../../../data/assistant/check-api-key-query', () => ({
  useCheckApiKeyQuery: () => ({ data: keyStatus.current }),
}))
const editSnippet = vi.hoisted(() => vi.fn())
vi.mock('../../../state/sql-editor-store', async (original) => ({
  ...(await original<typeof import('../../../state/sql-editor-store')>()),
  editSnippet,
}))

const REF = 'abcdefghijklmnopqrst'
const ID = 'a3c5e0f2-8d5b-4c8a-9f1e-2b3c4d5e6f70'
const READY: CheckApiKeyResponse = {
  hasKey: true,
  disabled: false,
  provider: 'openai',
  model: 'gpt-test',
  source: 'platform',
  metadataAllowed: true,
  rateLimitPerMinute: 20,
}

function seed(name: string) {
  const draft = {
    ...newDraft(ID, REF, {
      name,
      description: '',
      visibility: 'user',
      folder_id: null,
      favorite: false,
      sql: 'select 1',
    }),
  }
  set((state) => ({ drafts: { ...state.drafts, [ID]: draft }, scratch: {} }))
}

beforeEach(() => {
  toastError.mockReset()
  titleSql.mockReset()
  editSnippet.mockReset()
  keyStatus.current = READY
})

describe('useSnippetAutoTitle', () => {
  it('treats the names a snippet is created with as default, and nothing else', () => {
    expect(hasDefaultName('New Query')).toBe(true)
    expect(hasDefaultName('Untitled')).toBe(true)
    expect(hasDefaultName('  ')).toBe(true)
    expect(hasDefaultName('Weekly visits')).toBe(false)
  })

  it('names a default-named snippet once, with the project passed along', async () => {
    seed('New Query')
    titleSql.mockResolvedValue({ title: 'Weekly visits', description: 'Visits per weekday.' })
    const { result } = renderHook(() => useSnippetAutoTitle(REF, { canEdit: true }))
    await result.current(ID, 'select day, count(*) from visits group by 1')
    await result.current(ID, 'select 2')
    expect(titleSql).toHaveBeenCalledTimes(1)
    expect(titleSql).toHaveBeenCalledWith({ sql: 'select day, count(*) from visits group by 1', projectRef: REF })
    expect(editSnippet).toHaveBeenCalledWith(ID, { name: 'Weekly visits', description: 'Visits per weekday.' })
  })

  it('keeps a name the user chose', async () => {
    seed('My report')
    const { result } = renderHook(() => useSnippetAutoTitle(REF, { canEdit: true }))
    await result.current(ID, 'select 1')
    expect(titleSql).not.toHaveBeenCalled()
  })

  it.each([
    ['no key', { ...READY, hasKey: false }, true],
    ['the assistant disabled', { ...READY, disabled: true }, true],
    ['metadata not allowed (not opted in, or HIPAA)', { ...READY, metadataAllowed: false }, true],
    ['a user who cannot save the snippet', READY, false],
  ])('asks nothing with %s', async (_case, status, canEdit) => {
    seed('New Query')
    keyStatus.current = status
    const { result } = renderHook(() => useSnippetAutoTitle(REF, { canEdit }))
    await result.current(ID, 'select 1')
    expect(titleSql).not.toHaveBeenCalled()
  })

  it('says why in a toast when the model fails, and leaves the name', async () => {
    seed('New Query')
    titleSql.mockRejectedValue(new Error('The model server answered 500'))
    const { result } = renderHook(() => useSnippetAutoTitle(REF, { canEdit: true }))
    await result.current(ID, 'select 1')
    expect(toastError).toHaveBeenCalledWith('Failed to generate title: The model server answered 500')
    expect(editSnippet).not.toHaveBeenCalled()
  })
})
