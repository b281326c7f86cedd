import { PermissionAction as A, PermissionResource as R, ROLE_NAMES, type RoleName } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { permissionsOf, roleCan } from './permissions'

type Row = [action: string, resource: string, allowed: Record<RoleName, boolean>]
const all = { Owner: true, Administrator: true, Developer: true, 'Read-only': true }
const adminUp = { Owner: true, Administrator: true, Developer: false, 'Read-only': false }
const devUp = { Owner: true, Administrator: true, Developer: true, 'Read-only': false }
const ownerOnly = { Owner: true, Administrator: false, Developer: false, 'Read-only': false }

// role × action: the whole permission model in one table
const TABLE: Row[] = [
  [A.READ, R.ORGANIZATIONS, all],
  [A.UPDATE, R.ORGANIZATIONS, adminUp],
  [A.DELETE, R.ORGANIZATIONS, ownerOnly],
  [A.READ, R.MEMBERS, all],
  [A.CREATE, R.MEMBERS, adminUp],
  [A.UPDATE, R.MEMBERS, adminUp],
  [A.DELETE, R.MEMBERS, adminUp],
  [A.READ, R.PROJECTS, all],
  [A.CREATE, R.PROJECTS, adminUp],
  [A.UPDATE, R.PROJECTS, adminUp],
  [A.DELETE, R.PROJECTS, adminUp],
  [A.INFRA_EXECUTE, R.PROJECT_RESUME_JOB, adminUp],
  [A.INFRA_EXECUTE, R.PROJECT_OPERATION_JOBS, adminUp],
  [A.READ, R.SERVICE_API_KEYS, devUp],
  [A.BILLING_READ, R.SUBSCRIPTIONS, adminUp],
  [A.BILLING_WRITE, R.SUBSCRIPTIONS, ownerOnly],
  [A.READ, R.USER_CONTENT, all],
  [A.CREATE, R.USER_CONTENT, devUp],
  [A.UPDATE, R.USER_CONTENT, devUp],
  [A.DELETE, R.USER_CONTENT, devUp],
  [A.SQL_READ, R.DATABASE, all],
  [A.SQL_WRITE, R.DATABASE, devUp],
  [A.READ, R.BACKUPS, devUp],
  [A.UPDATE, R.BACKUPS, adminUp],
  [A.CREATE, R.SUPPORT_REQUESTS, all],
  [A.READ, R.SUPPORT_REQUESTS, ownerOnly],
  [A.READ, R.STORAGE, all],
  [A.UPDATE, R.STORAGE, devUp],
  [A.READ, R.STORAGE_ARCHIVE, devUp],
  [A.FUNCTIONS_READ, R.EDGE_FUNCTIONS, all],
  [A.FUNCTIONS_WRITE, R.EDGE_FUNCTIONS, devUp],
  [A.UPDATE, R.AUTH, devUp],
]

describe('permission table', () => {
  for (const [action, resource, allowed] of TABLE) {
    for (const role of ROLE_NAMES) {
      it(`${role} ${allowed[role] ? 'may' : 'may not'} ${action} ${resource}`, () => {
        expect(roleCan(role, action, resource)).toBe(allowed[role])
      })
    }
  }

  it('grants nothing the table above does not list', () => {
    for (const role of ROLE_NAMES) {
      for (const { action, resource } of permissionsOf(role)) {
        const row = TABLE.find(([a, r]) => a === action && r === resource)
        expect(row, `${role}: ${action} ${resource}`).toBeDefined()
      }
    }
  })

  it('refuses unknown actions and resources', () => {
    expect(roleCan('Owner', 'launch', R.PROJECTS)).toBe(false)
    expect(roleCan('Owner', A.READ, 'rockets')).toBe(false)
  })
})
