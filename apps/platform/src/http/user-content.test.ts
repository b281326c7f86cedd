import { describe, expect, it } from 'vitest'
import { parseMediaType } from './media-type'
import { isActiveContent, userContentHeaders } from './user-content'

describe('user content headers', () => {
  it('sandboxes everything on the platform origin, and only forbids sniffing on a project host', () => {
    expect(userContentHeaders('platform-origin')).toEqual({
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    })
    expect(userContentHeaders('project-host')).toEqual({ 'x-content-type-options': 'nosniff' })
  })

  it.each([
    ['text/html', true],
    ['TEXT/HTML; charset=utf-8', true],
    ['image/svg+xml', true],
    ['application/atom+xml', true],
    ['application/xhtml+xml', true],
    ['', true],
    ['nonsense', true],
    ['image/png; x=1, text/html', true],
    ['image/png', false],
    ['application/json', false],
    ['text/plain; charset=utf-8', false],
  ])('%s is active: %s', (type, active) => {
    expect(isActiveContent(type)).toBe(active)
  })

  it('reads the media type of a content type by the HTTP grammar', () => {
    expect(parseMediaType('image/png; x=1, text/html')).toBeNull()
    expect(parseMediaType('image/png, text/html')).toBeNull()
    expect(parseMediaType('Image/PNG; charset=utf-8')).toBe('image/png')
    expect(parseMediaType('image/png; x="a, text/html"')).toBe('image/png')
    expect(parseMediaType('')).toBeNull()
  })

  it('treats an unparsable type as active (it is sent as an attachment)', () => {
    expect(isActiveContent('image/png; x=1, text/html')).toBe(true)
  })
})
