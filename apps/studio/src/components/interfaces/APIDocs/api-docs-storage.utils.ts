import type { Bucket } from '@pgfleet/contracts'
import { SIGNED_URL_EXPIRY_S, type SnippetLanguage, STORAGE_LIST_LIMIT } from './api-docs.constants'
import type { Snippet, SnippetContext } from './api-docs.utils'

/** The example object every bucket snippet uses. */
export const EXAMPLE_OBJECT_PATH = 'folder/avatar1.png'

/**
 * supabase-js and curl examples for one bucket: upload, download, list (limit 100), a signed URL (60 s), the
 * public URL (public buckets only) and remove, against the project's real URL and (once shown) key.
 */
export function bucketSnippets(
  lang: SnippetLanguage,
  { url, anonKey }: SnippetContext,
  bucket: Pick<Bucket, 'name' | 'public'>,
): Snippet[] {
  const from = `supabase.storage\n  .from('${bucket.name}')`
  const path = EXAMPLE_OBJECT_PATH
  if (lang === 'js') {
    const snippets: Snippet[] = [
      {
        title: 'Upload a file',
        code: `const avatarFile = event.target.files[0]\nconst { data, error } = await ${from}\n  .upload('${path}', avatarFile, {\n    cacheControl: '3600',\n    upsert: false\n  })`,
      },
      { title: 'Download a file', code: `const { data, error } = await ${from}\n  .download('${path}')` },
      {
        title: 'List files in a folder',
        code: `const { data, error } = await ${from}\n  .list('folder', {\n    limit: ${STORAGE_LIST_LIMIT},\n    offset: 0,\n    sortBy: { column: 'name', order: 'asc' },\n  })`,
      },
      {
        title: 'Create a signed URL',
        code: `const { data, error } = await ${from}\n  .createSignedUrl('${path}', ${SIGNED_URL_EXPIRY_S})`,
      },
    ]
    if (bucket.public) {
      snippets.push({ title: 'Get the public URL', code: `const { data } = ${from}\n  .getPublicUrl('${path}')` })
    }
    snippets.push({ title: 'Delete files', code: `const { data, error } = await ${from}\n  .remove(['${path}'])` })
    return snippets
  }
  const base = `${url}/storage/v1`
  const auth = `-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer ${anonKey}"`
  const snippets: Snippet[] = [
    {
      title: 'Upload a file',
      code: `curl -X POST '${base}/object/${bucket.name}/${path}' \\\n${auth} \\\n-H "Content-Type: image/png" \\\n--data-binary @avatar1.png`,
    },
    { title: 'Download a file', code: `curl '${base}/object/${bucket.name}/${path}' \\\n${auth} \\\n-o avatar1.png` },
    {
      title: 'List files in a folder',
      code: `curl -X POST '${base}/object/list/${bucket.name}' \\\n${auth} \\\n-H "Content-Type: application/json" \\\n-d '{ "prefix": "folder", "limit": ${STORAGE_LIST_LIMIT}, "offset": 0 }'`,
    },
    {
      title: 'Create a signed URL',
      code: `curl -X POST '${base}/object/sign/${bucket.name}/${path}' \\\n${auth} \\\n-H "Content-Type: application/json" \\\n-d '{ "expiresIn": ${SIGNED_URL_EXPIRY_S} }'`,
    },
  ]
  if (bucket.public) {
    snippets.push({ title: 'Get the public URL', code: `curl '${base}/object/public/${bucket.name}/${path}'` })
  }
  snippets.push({
    title: 'Delete files',
    code: `curl -X DELETE '${base}/object/${bucket.name}' \\\n${auth} \\\n-H "Content-Type: application/json" \\\n-d '{ "prefixes": ["${path}"] }'`,
  })
  return snippets
}
