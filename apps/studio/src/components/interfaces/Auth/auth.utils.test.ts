import { describe, expect, it } from 'vitest'
import { validateCredentials } from './auth.utils'

describe('validateCredentials', () => {
  it('normalises the email', () => {
    expect(validateCredentials('sign-in', { email: ' Ada@Example.com ', password: 'x' }).data).toEqual({
      email: 'ada@example.com',
      password: 'x',
    })
  })
  it('applies password length rules on sign-up only', () => {
    expect(validateCredentials('sign-up', { email: 'a@b.co', password: 'short' }).errors).toEqual({
      password: 'Password must be at least 8 characters',
    })
    expect(validateCredentials('sign-in', { email: 'a@b.co', password: 'short' }).errors).toBeUndefined()
  })
  it('reports an invalid email and an empty password', () => {
    expect(validateCredentials('sign-in', { email: 'nope', password: '' }).errors).toEqual({
      email: 'Enter a valid email address',
      password: 'Password is required',
    })
  })
})
