// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AssistantInput } from './AssistantInput'

afterEach(cleanup)

function renderInput(overrides: Partial<Parameters<typeof AssistantInput>[0]> = {}) {
  const onSubmit = vi.fn()
  const onChange = vi.fn()
  render(
    <AssistantInput
      value="create a table"
      onChange={onChange}
      onSubmit={onSubmit}
      placeholder="Chat to Postgres..."
      blocker={null}
      loading={false}
      {...overrides}
    />,
  )
  return { onSubmit, onChange, input: screen.getByTestId('assistant-input') as HTMLTextAreaElement }
}

describe('AssistantInput', () => {
  it('sends on Enter', () => {
    const { onSubmit, input } = renderInput()
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSubmit).toHaveBeenCalledWith('create a table')
  })

  it('does not send on Shift+Enter (the textarea adds the newline)', () => {
    const { onSubmit, input } = renderInput()
    const notPrevented = fireEvent.keyDown(input, { key: 'Enter', shiftKey: true })
    expect(onSubmit).not.toHaveBeenCalled()
    expect(notPrevented).toBe(true)
  })

  it('does not send blank text', () => {
    const { onSubmit, input } = renderInput({ value: '   \n ' })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('is disabled with the reason shown when the assistant cannot answer', () => {
    const { onSubmit, input } = renderInput({ blocker: 'OpenAI API key not set' })
    expect(input.disabled).toBe(true)
    expect(screen.getByTestId('assistant-blocker').textContent).toBe('OpenAI API key not set')
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('is disabled while a reply streams and offers Stop', () => {
    const onStop = vi.fn()
    const { input } = renderInput({ loading: true, onStop })
    expect(input.disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(onStop).toHaveBeenCalled()
  })

  it('shows the placeholder it is given', () => {
    const { input } = renderInput({ placeholder: 'Reply to the assistant...' })
    expect(input.placeholder).toBe('Reply to the assistant...')
  })
})
