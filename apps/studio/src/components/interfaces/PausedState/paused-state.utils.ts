import type { FreeLimitMember, PauseStatus, PlanId, RestoreProjectBody, RestoreVersion } from '@pgfleet/contracts'
import type { SelectOption } from '../../ui/Select'
import { POSTGRES_VERSION_OPTION, UPGRADE_PANEL, UPGRADE_SOURCE } from './paused-state.constants'

export function isFreePlan(planId: PlanId | undefined): boolean {
  return planId === 'free'
}

export function getUpgradeLink(slug: string): string {
  const params = new URLSearchParams({ panel: UPGRADE_PANEL, source: UPGRADE_SOURCE })
  return `/org/${encodeURIComponent(slug)}/billing?${params}`
}

export type RestoreAction = 'no-permission' | 'member-limit' | 'restore-dialog'

/** Restoring: without permission a toast; a free organization with over-limit members their dialog. */
export function getRestoreAction({
  canRestore,
  planId,
  freeLimitMembers,
}: {
  canRestore: boolean
  planId: PlanId | undefined
  freeLimitMembers: readonly FreeLimitMember[] | undefined
}): RestoreAction {
  if (!canRestore) return 'no-permission'
  if (isFreePlan(planId) && freeLimitMembers && freeLimitMembers.length > 0) return 'member-limit'
  return 'restore-dialog'
}

/** Identifies a version in the select; the version string alone is unique per engine and channel. */
export function versionKey(version: RestoreVersion): string {
  return `${version.postgres_engine}|${version.release_channel}|${version.version}`
}

export function getVersionOptions(versions: readonly RestoreVersion[]): SelectOption[] {
  return versions.map((version) => ({
    value: versionKey(version),
    label: POSTGRES_VERSION_OPTION(version.version, version.release_channel),
  }))
}

/** The selected version, or the first available one while nothing (or something no longer offered) is chosen. */
export function resolveVersionKey(versions: readonly RestoreVersion[], selectedKey: string): string {
  if (versions.some((version) => versionKey(version) === selectedKey)) return selectedKey
  const first = versions[0]
  return first ? versionKey(first) : ''
}

/** There is nothing to choose between with a single version. */
export function isVersionSelectDisabled(versions: readonly RestoreVersion[]): boolean {
  return versions.length <= 1
}

/** Both fields, or neither when version selection is disabled by the flag (or nothing is offered). */
export function buildRestoreBody({
  selectionHidden,
  versions,
  selectedKey,
}: {
  selectionHidden: boolean
  versions: readonly RestoreVersion[]
  selectedKey: string
}): RestoreProjectBody {
  if (selectionHidden) return {}
  const key = resolveVersionKey(versions, selectedKey)
  const version = versions.find((item) => versionKey(item) === key)
  if (!version) return {}
  return { postgres_engine: version.postgres_engine, release_channel: version.release_channel }
}

/**
 * Whether the restore is still allowed: always when the 90-day expiry flag is off; otherwise what the pause
 * status says (undefined while it loads or failed to load).
 */
export function isRestoreAllowed(flagOn: boolean, pauseStatus: PauseStatus | undefined): boolean | undefined {
  if (!flagOn) return true
  return pauseStatus?.can_restore
}

export function formatRestoreDeadline(iso: string | null): string | undefined {
  if (!iso) return undefined
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return undefined
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })
}
