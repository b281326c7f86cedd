import type { Bucket } from '@pgfleet/contracts'
import { getErrorMessage } from '../../../data/fetcher'
import { Badge } from '../../ui/Badge'
import { Skeleton } from '../../ui/Skeleton'
import { PRIVATE_BADGE, PUBLIC_BADGE } from '../Storage/storage.constants'
import { describeMimeTypes, describeSizeLimit } from '../Storage/storage.utils'
import { DocsLink, Heading, Snippets } from './APIDocsContentParts'
import { DOCS_LINKS, NO_BUCKETS, type SnippetLanguage, STORAGE_INTRO } from './api-docs.constants'
import { type SnippetContext, storageSnippets } from './api-docs.utils'
import { bucketSnippets } from './api-docs-storage.utils'

/** `isLoading`, not `isPending`: the query waits (disabled) while the project is not running */
export type BucketsState = { data: Bucket[] | undefined; isLoading: boolean; isError: boolean; error: unknown }

/** Storage: the overview with the project's buckets, or one bucket's visibility, limits and snippets. */
export function APIDocsStorageSection({
  item,
  buckets,
  language,
  context,
}: {
  item: string | undefined
  buckets: BucketsState
  language: SnippetLanguage
  context: SnippetContext
}) {
  const bucket = item ? buckets.data?.find((candidate) => candidate.name === item) : undefined
  if (!bucket) {
    return (
      <>
        <Heading title="Storage">
          {STORAGE_INTRO} <DocsLink href={DOCS_LINKS.storage} />
        </Heading>
        {buckets.isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : buckets.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(buckets.error)}
          </p>
        ) : buckets.data?.length ? (
          <p className="text-sm text-neutral-600">Pick a bucket on the left.</p>
        ) : (
          <p className="rounded-md border border-dashed border-neutral-300 px-3 py-4 text-sm text-neutral-600">
            {NO_BUCKETS}
          </p>
        )}
        <Snippets snippets={storageSnippets(language, context)} />
      </>
    )
  }
  return (
    <>
      <div className="flex items-center gap-2">
        <Heading title={bucket.name} />
        <Badge tone={bucket.public ? 'warning' : 'neutral'} data-testid="api-docs-bucket-visibility">
          {bucket.public ? PUBLIC_BADGE : PRIVATE_BADGE}
        </Badge>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm" data-testid="api-docs-bucket-limits">
        <dt className="text-neutral-500">Allowed MIME types</dt>
        <dd className="font-mono text-neutral-800" data-testid="api-docs-bucket-mime-types">
          {describeMimeTypes(bucket.allowed_mime_types)}
        </dd>
        <dt className="text-neutral-500">Maximum file size</dt>
        <dd className="text-neutral-800" data-testid="api-docs-bucket-size-limit">
          {describeSizeLimit(bucket.file_size_limit)}
        </dd>
      </dl>
      <Snippets snippets={bucketSnippets(language, context, bucket)} />
    </>
  )
}
