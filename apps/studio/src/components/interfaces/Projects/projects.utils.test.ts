import type { Organization, Project } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { formatPostgresVersion, groupProjectsByOrganization, hasTransitionalProject } from './projects.utils'

const organization = (slug: string): Organization => ({
  id: slug.length,
  slug,
  name: slug.toUpperCase(),
  plan: { id: 'free', name: 'Free' },
  opt_in_tags: [],
  is_owner: true,
  role_name: 'Owner',
})

const project = (name: string, organizationSlug: string, status: Project['status'] = 'ACTIVE_HEALTHY') =>
  ({ name, ref: name, organization_slug: organizationSlug, status }) as Project

describe('groupProjectsByOrganization', () => {
  it('groups projects under their organization, sorted by name, keeping empty organizations', () => {
    const groups = groupProjectsByOrganization(
      [organization('acme'), organization('empty')],
      [project('zeta', 'acme'), project('alpha', 'acme')],
    )
    expect(groups.map((group) => [group.organization.slug, group.projects.map((item) => item.name)])).toEqual([
      ['acme', ['alpha', 'zeta']],
      ['empty', []],
    ])
  })
})

describe('hasTransitionalProject', () => {
  it('is true while a project is changing state by itself', () => {
    expect(hasTransitionalProject([project('a', 'x'), project('b', 'x', 'COMING_UP')])).toBe(true)
  })
  it('is false for settled projects or no data', () => {
    expect(hasTransitionalProject([project('a', 'x'), project('b', 'x', 'INACTIVE')])).toBe(false)
    expect(hasTransitionalProject(undefined)).toBe(false)
  })
})

describe('formatPostgresVersion', () => {
  it('drops the product prefix', () => {
    expect(formatPostgresVersion('pgfleet-postgres-17.10')).toBe('17.10')
  })
  it('keeps an unexpected shape as it is', () => {
    expect(formatPostgresVersion('15.4')).toBe('15.4')
  })
})
