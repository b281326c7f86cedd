import { CreateProjectBody, UpdateOrganizationBody } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { HttpError, parseInput } from './errors'

function messageOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).statusCode).toBe(400)
    return (error as HttpError).message
  }
  throw new Error('expected a validation error')
}

describe('parseInput', () => {
  it('uses the required-value text for a missing slug', () => {
    expect(messageOf(() => parseInput(UpdateOrganizationBody, {}))).toBe('slug is required')
    expect(messageOf(() => parseInput(UpdateOrganizationBody, { slug: '  ' }))).toBe('slug is required')
  })

  it('explains bad project input', () => {
    const base = { name: 'ok', organization_slug: 'org', db_pass: 'long-enough-pass' }
    expect(messageOf(() => parseInput(CreateProjectBody, { ...base, name: '' }))).toBe('Project name is required')
    expect(messageOf(() => parseInput(CreateProjectBody, { ...base, name: 'x'.repeat(65) }))).toBe(
      'Project name must be at most 64 characters',
    )
    expect(messageOf(() => parseInput(CreateProjectBody, { ...base, db_pass: 'short' }))).toBe(
      'Database password must be at least 8 characters',
    )
    expect(messageOf(() => parseInput(CreateProjectBody, { name: 'x', db_pass: 'long-enough-pass' }))).toBe(
      'slug is required',
    )
  })

  it('treats a missing body as empty', () => {
    expect(messageOf(() => parseInput(CreateProjectBody, undefined))).toBe('Project name is required')
  })
})
