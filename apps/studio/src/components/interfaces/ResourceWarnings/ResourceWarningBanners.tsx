import { Link } from 'react-router'
import { useResourceWarningsQuery } from '../../../data/resources/resource-warnings-query'
import { Alert } from '../../ui/Alert'
import { BANNER_FIX_LABELS } from './resource-warnings.constants'
import { bannerFixLink, resourceBanners } from './resource-warnings.utils'

/** Project-wide banners for read-only mode and for the resources the project runs short of. */
export function ResourceWarningBanners({ projectRef }: { projectRef: string }) {
  // a failed fetch shows no banner: the warnings are advice, and the pages that fix things still work
  const { data } = useResourceWarningsQuery()
  const banners = resourceBanners(data?.find((warning) => warning.project === projectRef))
  if (banners.length === 0) return null
  return (
    <div className="space-y-2 border-b border-neutral-200 bg-white px-4 py-2" data-testid="resource-banners">
      {banners.map((banner) => (
        <Alert
          key={banner.id}
          tone={banner.destructive ? 'error' : 'warning'}
          title={banner.title}
          data-testid={`resource-banner-${banner.id}`}
        >
          <p>{banner.description}</p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {banner.fixes.map((fix) => (
              <Link
                key={fix}
                to={bannerFixLink(fix, projectRef, banner.title)}
                className="font-medium underline underline-offset-2"
              >
                {BANNER_FIX_LABELS[fix]}
              </Link>
            ))}
          </p>
        </Alert>
      ))}
    </div>
  )
}
