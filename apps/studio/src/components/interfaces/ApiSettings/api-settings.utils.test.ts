import { describe, expect, it } from 'vitest'
import { CUSTOM_SECRET_TOO_SHORT } from './api-settings.constants'
import {
  apiKeyOf,
  awaitedUpdateFinished,
  jwtUpdateJustFinished,
  projectUrlOf,
  validateCustomSecret,
} from './api-settings.utils'

describe('api settings utils', () => {
  it('builds the project URL from app_config', () => {
    expect(projectUrlOf({ protocol: 'http', endpoint: 'localhost:8080/p/abc' })).toBe('http://localhost:8080/p/abc')
  })

  it('finds a key by name', () => {
    const keys = [{ name: 'anon', api_key: 'a' }]
    expect(apiKeyOf(keys, 'anon')).toBe('a')
    expect(apiKeyOf(keys, 'service_role')).toBeUndefined()
    expect(apiKeyOf(undefined, 'anon')).toBeUndefined()
  })

  it('accepts an empty or long enough custom secret', () => {
    expect(validateCustomSecret('')).toBeUndefined()
    expect(validateCustomSecret('x'.repeat(31))).toBe(CUSTOM_SECRET_TOO_SHORT)
    expect(validateCustomSecret('x'.repeat(32))).toBeUndefined()
  })

  it('detects the end of an update', () => {
    expect(jwtUpdateJustFinished('Updating', 'Updated')).toBe(true)
    expect(jwtUpdateJustFinished('Updating', 'Failed')).toBe(true)
    expect(jwtUpdateJustFinished('Updating', 'Updating')).toBe(false)
    expect(jwtUpdateJustFinished(undefined, 'Updated')).toBe(false)
  })

  it('detects the end of the update this page started', () => {
    expect(awaitedUpdateFinished('a', { status: 'Updated', change_tracking_id: 'a' })).toBe(true)
    expect(awaitedUpdateFinished('a', { status: 'Failed', change_tracking_id: 'a' })).toBe(true)
    expect(awaitedUpdateFinished('a', { status: 'Updated', change_tracking_id: 'old' })).toBe(false)
    expect(awaitedUpdateFinished('a', { status: 'Updating', change_tracking_id: 'a' })).toBe(false)
    expect(awaitedUpdateFinished(undefined, { status: 'Updated', change_tracking_id: 'a' })).toBe(false)
  })
})
