import { type OrganizationPermissions, PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { hasPermission } from './permissions'

const permissions: OrganizationPermissions[] = [
  {
    organization_id: 1,
    organization_slug: 'acme',
    role_name: 'Developer',
    permissions: [{ action: 'read', resource: 'organizations' }],
  },
  {
    organization_id: 2,
    organization_slug: 'mine',
    role_name: 'Owner',
    permissions: [
      { action: 'update', resource: 'organizations' },
      { action: 'billing:write', resource: '*' },
    ],
  },
]

describe('hasPermission', () => {
  it('grants an action listed for the organization', () => {
    expect(hasPermission(permissions, PermissionAction.UPDATE, PermissionResource.ORGANIZATIONS, 'mine')).toBe(true)
  })
  it('does not borrow permissions from another organization', () => {
    expect(hasPermission(permissions, PermissionAction.UPDATE, PermissionResource.ORGANIZATIONS, 'acme')).toBe(false)
  })
  it('honours a wildcard resource', () => {
    expect(hasPermission(permissions, PermissionAction.BILLING_WRITE, PermissionResource.SUBSCRIPTIONS, 'mine')).toBe(
      true,
    )
  })
  it('denies while permissions or the organization are unknown', () => {
    expect(hasPermission(undefined, PermissionAction.READ, PermissionResource.ORGANIZATIONS, 'acme')).toBe(false)
    expect(hasPermission(permissions, PermissionAction.READ, PermissionResource.ORGANIZATIONS, undefined)).toBe(false)
    expect(hasPermission(permissions, PermissionAction.READ, PermissionResource.ORGANIZATIONS, 'other')).toBe(false)
  })
})
