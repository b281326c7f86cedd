import { CreateProjectBody, UpdateOrganizationBody } from '@pgfleet/contracts'
import { DriverOperationUnsupportedError } from '@pgfleet/engine'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { HttpError, installErrorHandler, parseInput } from './errors'

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

describe('the error handler', () => {
  it('answers an operation the driver cannot do with 501 and the driver’s message', async () => {
    const app = Fastify()
    installErrorHandler(app)
    app.get('/backup', async () => {
      throw new DriverOperationUnsupportedError('kubernetes', 'download a backup', 'Download it from the object store')
    })
    const response = await app.inject({ method: 'GET', url: '/backup' })
    expect(response.statusCode).toBe(501)
    expect(response.json()).toEqual({ message: 'Download it from the object store' })
    await app.close()
  })
})
