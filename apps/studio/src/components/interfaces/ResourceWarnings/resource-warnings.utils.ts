import { type ProjectResourceWarning, RESOURCE_EXHAUSTION_KINDS, type ResourceExhaustionKind } from '@pgfleet/contracts'
import {
  type BannerFix,
  MULTIPLE_RESOURCES_BANNER,
  READ_ONLY_BANNER,
  RESOURCE_BANNERS,
  RESOURCE_SUPPORT_CATEGORY,
} from './resource-warnings.constants'

export type ResourceBanner = {
  id: 'read-only' | 'multiple' | ResourceExhaustionKind
  /** read-only and critical banners are destructive-styled */
  destructive: boolean
  title: string
  description: string
  fixes: BannerFix[]
}

/** "a, b and c" */
function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The banners a project's warnings call for: read-only mode first, then one banner for one kind or all of them. */
export function resourceBanners(warning: ProjectResourceWarning | undefined): ResourceBanner[] {
  if (!warning) return []
  const banners: ResourceBanner[] = []
  if (warning.is_readonly_mode_enabled) banners.push({ id: 'read-only', destructive: true, ...READ_ONLY_BANNER })
  const raised = RESOURCE_EXHAUSTION_KINDS.filter((kind) => warning[kind] !== null)
  // read-only mode already says the disk is full
  const kinds = warning.is_readonly_mode_enabled ? raised.filter((kind) => kind !== 'disk_space_exhaustion') : raised
  if (kinds.length === 0) return banners
  const critical = kinds.some((kind) => warning[kind] === 'critical')
  const level = critical ? 'critical' : 'warning'
  if (kinds.length === 1) {
    const kind = kinds[0] as ResourceExhaustionKind
    const texts = RESOURCE_BANNERS[kind]
    banners.push({ id: kind, destructive: critical, ...texts[level], fixes: texts.fixes })
    return banners
  }
  const fixes = [...new Set(kinds.flatMap((kind) => RESOURCE_BANNERS[kind].fixes))]
  banners.push({
    id: 'multiple',
    destructive: critical,
    ...MULTIPLE_RESOURCES_BANNER[level](listNames(kinds.map((kind) => RESOURCE_BANNERS[kind].name))),
    fixes,
  })
  return banners
}

export function bannerFixLink(fix: BannerFix, ref: string, subject: string): string {
  if (fix === 'support') {
    return `/support/new?${new URLSearchParams({ category: RESOURCE_SUPPORT_CATEGORY, ref, subject })}`
  }
  return `/project/${ref}/${fix}`
}
