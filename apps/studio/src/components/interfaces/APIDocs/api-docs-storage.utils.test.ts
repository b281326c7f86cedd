import { describe, expect, it } from 'vitest'
import { bucketSnippets } from './api-docs-storage.utils'

const context = { url: 'http://127.0.0.1:8080/p/abcdefghijklmnopqrst', anonKey: 'SUPABASE_KEY' }

describe('bucket snippets', () => {
  it('uses the storage constants and the bucket name in supabase-js', () => {
    const code = bucketSnippets('js', context, { name: 'avatars', public: false })
      .map((s) => s.code)
      .join('\n')
    expect(code).toContain(".from('avatars')")
    expect(code).toContain('limit: 100')
    expect(code).toContain(".createSignedUrl('folder/avatar1.png', 60)")
    expect(code).toContain('.upload(')
    expect(code).toContain('.download(')
    expect(code).toContain('.remove(')
    expect(code).not.toContain('getPublicUrl')
  })

  it('offers the public URL for public buckets only', () => {
    const titles = (isPublic: boolean) =>
      bucketSnippets('js', context, { name: 'a', public: isPublic }).map((s) => s.title)
    expect(titles(true)).toContain('Get the public URL')
    expect(titles(false)).not.toContain('Get the public URL')
  })

  it('writes curl calls against the project URL with the key', () => {
    const snippets = bucketSnippets('bash', context, { name: 'media', public: true })
    const code = snippets.map((s) => s.code).join('\n')
    expect(code).toContain(`curl -X POST '${context.url}/storage/v1/object/media/folder/avatar1.png'`)
    expect(code).toContain(`'${context.url}/storage/v1/object/public/media/folder/avatar1.png'`)
    expect(code).toContain('"expiresIn": 60')
    expect(code).toContain('"limit": 100')
    expect(code).toContain('-H "apikey: SUPABASE_KEY"')
  })
})
