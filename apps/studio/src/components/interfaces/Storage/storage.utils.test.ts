import { describe, expect, it } from 'vitest'
import { describeMimeTypes, describeSizeLimit, formatBytes, parseMimeTypes, splitBytes, toBytes } from './storage.utils'

describe('bucket limits', () => {
  it('formats and splits sizes in binary units', () => {
    expect(formatBytes(300)).toBe('300 bytes')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB')
    expect(splitBytes(5 * 1024 * 1024)).toEqual({ value: 5, unit: 'MB' })
    expect(splitBytes(1000)).toEqual({ value: 1000, unit: 'bytes' })
    expect(toBytes('2', 'MB')).toEqual({ bytes: 2 * 1024 * 1024 })
    expect(toBytes('0', 'KB')).toHaveProperty('error')
    expect(toBytes('abc', 'KB')).toHaveProperty('error')
  })

  it('reads MIME type lists and refuses entries that are not types', () => {
    expect(parseMimeTypes('image/png, image/*  application/pdf')).toEqual({
      types: ['image/png', 'image/*', 'application/pdf'],
    })
    expect(parseMimeTypes('')).toEqual({ types: [] })
    expect(parseMimeTypes('image/png, png')).toEqual({ error: '"png" is not a MIME type like image/png or image/*' })
  })

  it('says null means every type and no limit, and an empty list means none', () => {
    expect(describeMimeTypes(null)).toBe('Any file type')
    expect(describeMimeTypes([])).toBe('No file type allowed')
    expect(describeMimeTypes(['image/*'])).toBe('image/*')
    expect(describeSizeLimit(null)).toBe('No size limit')
    expect(describeSizeLimit(1024)).toBe('Up to 1 KB')
  })
})
