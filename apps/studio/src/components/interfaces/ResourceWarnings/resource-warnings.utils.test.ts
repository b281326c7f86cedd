import type { ProjectResourceWarning } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { MULTIPLE_RESOURCES_BANNER, READ_ONLY_BANNER, RESOURCE_BANNERS } from './resource-warnings.constants'
import { bannerFixLink, resourceBanners } from './resource-warnings.utils'

const calm: ProjectResourceWarning = {
  project: 'abcdefghijklmnopqrst',
  is_readonly_mode_enabled: false,
  disk_io_exhaustion: null,
  disk_space_exhaustion: null,
  cpu_exhaustion: null,
  memory_and_swap_exhaustion: null,
  auth_rate_limit_exhaustion: null,
}

describe('resource banners', () => {
  it('shows nothing for a calm project or none', () => {
    expect(resourceBanners(calm)).toEqual([])
    expect(resourceBanners(undefined)).toEqual([])
  })

  it('words one kind by its level; critical is destructive', () => {
    const [warning] = resourceBanners({ ...calm, cpu_exhaustion: 'warning' })
    expect(warning).toMatchObject({
      id: 'cpu_exhaustion',
      destructive: false,
      ...RESOURCE_BANNERS.cpu_exhaustion.warning,
    })
    const [critical] = resourceBanners({ ...calm, disk_space_exhaustion: 'critical' })
    expect(critical).toMatchObject({ destructive: true, title: RESOURCE_BANNERS.disk_space_exhaustion.critical.title })
    expect(critical?.fixes).toEqual(['compute-and-disk', 'usage'])
    expect(resourceBanners({ ...calm, auth_rate_limit_exhaustion: 'warning' })[0]?.fixes).toEqual(['support'])
  })

  it('joins several kinds into one banner, critical when any is', () => {
    const [banner] = resourceBanners({ ...calm, cpu_exhaustion: 'warning', memory_and_swap_exhaustion: 'critical' })
    expect(banner).toMatchObject({
      id: 'multiple',
      destructive: true,
      ...MULTIPLE_RESOURCES_BANNER.critical('CPU and memory and swap'),
    })
  })

  it('puts read-only mode first, destructive, and does not repeat the disk space banner', () => {
    const banners = resourceBanners({ ...calm, is_readonly_mode_enabled: true, disk_space_exhaustion: 'critical' })
    expect(banners).toEqual([{ id: 'read-only', destructive: true, ...READ_ONLY_BANNER }])
  })

  it('links each fix to its page', () => {
    expect(bannerFixLink('compute-and-disk', 'abc', 'x')).toBe('/project/abc/compute-and-disk')
    expect(bannerFixLink('usage', 'abc', 'x')).toBe('/project/abc/usage')
    expect(bannerFixLink('support', 'abc', 'Sign-ins')).toBe(
      '/support/new?category=Performance&ref=abc&subject=Sign-ins',
    )
  })
})
