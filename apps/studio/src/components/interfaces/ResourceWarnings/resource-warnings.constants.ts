import {
  DISK_CEILING_PERCENT,
  READ_ONLY_DISK_PERCENT,
  type ResourceExhaustionKind,
  type ResourceWarningLevel,
} from '@pgfleet/contracts'

/** Where a banner sends the user to fix what it reports. */
export type BannerFix = 'compute-and-disk' | 'usage' | 'support'

export const BANNER_FIX_LABELS: Record<BannerFix, string> = {
  'compute-and-disk': 'Change compute and disk',
  usage: 'View usage',
  support: 'Contact support',
}

export const READ_ONLY_BANNER = {
  title: 'Your project is in read-only mode',
  description: `Its disk use reached ${READ_ONLY_DISK_PERCENT}% of its disk size, so new transactions are read-only and the database cannot fill up. Grow the disk, or free space: in the SQL editor, run a query made only of DROP and TRUNCATE statements for what you no longer need (DELETE followed by VACUUM frees less); such a query still runs read-write. Past ${DISK_CEILING_PERCENT}% the project's own connections are ended and new ones refused until it has room again. The project leaves read-only mode by itself once its disk use is below ${READ_ONLY_DISK_PERCENT}%.`,
  fixes: ['compute-and-disk', 'usage'] as BannerFix[],
}

type BannerTexts = { title: string; description: string }

export const RESOURCE_BANNERS: Record<
  ResourceExhaustionKind,
  Record<ResourceWarningLevel, BannerTexts> & { name: string; fixes: BannerFix[] }
> = {
  disk_space_exhaustion: {
    name: 'disk space',
    warning: {
      title: 'Your project is running out of disk space',
      description: `It uses most of its disk size, WAL and temporary files included. At ${READ_ONLY_DISK_PERCENT}% it turns read-only: grow the disk or remove data you no longer need.`,
    },
    critical: {
      title: 'Your project is about to run out of disk space',
      description: `It is close to ${READ_ONLY_DISK_PERCENT}% of its disk size, where it turns read-only. Grow the disk now, or remove data you no longer need.`,
    },
    fixes: ['compute-and-disk', 'usage'],
  },
  disk_io_exhaustion: {
    name: 'disk IO',
    warning: {
      title: 'Your project is using most of its disk IO budget',
      description: 'Reads and writes are close to what its compute size allows; queries may slow down.',
    },
    critical: {
      title: 'Your project has exhausted its disk IO budget',
      description:
        'Reads and writes exceed what its compute size allows; queries are slowed. Choose a larger compute size.',
    },
    fixes: ['compute-and-disk', 'usage'],
  },
  cpu_exhaustion: {
    name: 'CPU',
    warning: {
      title: 'Your project is using most of its CPU',
      description: 'Its database has been busy for the last minutes; queries may slow down.',
    },
    critical: {
      title: 'Your project is using all of its CPU',
      description:
        'Its database uses all the CPU its compute size allows; queries are slowed. Choose a larger compute size.',
    },
    fixes: ['compute-and-disk', 'usage'],
  },
  memory_and_swap_exhaustion: {
    name: 'memory and swap',
    warning: {
      title: 'Your project is using most of its memory',
      description: 'Its database uses most of the memory its compute size allows; queries may slow down.',
    },
    critical: {
      title: 'Your project is running out of memory and swap',
      description: 'Its database may fail to run queries or restart. Choose a larger compute size.',
    },
    fixes: ['compute-and-disk', 'usage'],
  },
  auth_rate_limit_exhaustion: {
    name: 'auth rate limit',
    warning: {
      title: 'Sign-ins are reaching the rate limit',
      description: 'Members of this project’s organization are having failed sign-ins refused by the rate limit.',
    },
    critical: {
      title: 'Sign-ins are being refused by the rate limit',
      description:
        'Many sign-ins of this project’s members were refused. If these are not their own attempts, contact support.',
    },
    fixes: ['support'],
  },
}

export const MULTIPLE_RESOURCES_BANNER: Record<ResourceWarningLevel, (names: string) => BannerTexts> = {
  warning: (names) => ({
    title: 'Your project is running short of several resources',
    description: `It is using most of its ${names}.`,
  }),
  critical: (names) => ({
    title: 'Your project has exhausted several resources',
    description: `It is at or past the limit of its ${names}. Choose a larger compute size or grow the disk.`,
  }),
}

export const RESOURCE_SUPPORT_CATEGORY = 'Performance'
