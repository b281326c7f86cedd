import { describe, expect, it } from 'vitest'
import { buildPageTitle } from './page-title'

describe('buildPageTitle', () => {
  it('joins page, project, organization and product', () => {
    expect(buildPageTitle({ page: 'SQL editor', project: 'shop', organization: 'Acme' })).toBe(
      'SQL editor | shop | Acme | pgfleet',
    )
  })
  it('drops the parts that are not known', () => {
    expect(buildPageTitle({ page: 'Projects' })).toBe('Projects | pgfleet')
    expect(buildPageTitle({ project: 'shop' })).toBe('shop | pgfleet')
    expect(buildPageTitle({ page: '  ', organization: 'Acme' })).toBe('Acme | pgfleet')
  })
  it('is the product name alone when nothing is known', () => {
    expect(buildPageTitle({})).toBe('pgfleet')
  })
})
