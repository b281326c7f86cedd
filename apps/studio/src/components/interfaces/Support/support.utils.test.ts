import { describe, expect, it } from 'vitest'
import { getSupportPrefill, toSupportRequestBody } from './support.utils'

const organizations = [{ slug: 'first' }, { slug: 'second' }]
const projects = [{ ref: 'abcdefghijklmnopqrst', organization_slug: 'second' }]

describe('getSupportPrefill', () => {
  it('prefills from the query and picks the project organization', () => {
    const params = new URLSearchParams({
      category: 'Database_unresponsive',
      ref: 'abcdefghijklmnopqrst',
      subject: 'Down',
      message: 'It does not start',
    })
    expect(getSupportPrefill(params, organizations, projects)).toEqual({
      organizationSlug: 'second',
      projectRef: 'abcdefghijklmnopqrst',
      category: 'Database_unresponsive',
      subject: 'Down',
      message: 'It does not start',
    })
  })
  it('falls back to the first organization and the default category', () => {
    const prefill = getSupportPrefill(new URLSearchParams('category=Nonsense&org=unknown'), organizations, projects)
    expect(prefill.organizationSlug).toBe('first')
    expect(prefill.category).toBe('Problem')
  })
  it('honours an explicit organization', () => {
    expect(getSupportPrefill(new URLSearchParams('org=second'), organizations, []).organizationSlug).toBe('second')
  })
})

describe('toSupportRequestBody', () => {
  const values = { organizationSlug: 'first', projectRef: ' ', category: 'Problem', subject: 'Hi', message: 'Help' }
  it('drops an empty project ref', () => {
    expect(toSupportRequestBody(values).body).toEqual({
      organization_slug: 'first',
      category: 'Problem',
      subject: 'Hi',
      message: 'Help',
    })
  })
  it('requires a subject and a message', () => {
    expect(toSupportRequestBody({ ...values, subject: '', message: ' ' }).errors).toEqual({
      subject: 'Subject is required',
      message: 'Message is required',
    })
  })
})
