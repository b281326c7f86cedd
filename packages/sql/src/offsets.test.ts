import { describe, expect, it } from 'vitest'
import { offsetMap } from './offsets'

describe('offsetMap', () => {
  it.each<[text: string, unit: 'byte' | 'codePoint', offset: number, index: number]>([
    ['select 1', 'byte', 7, 7],
    ['aéb', 'byte', 1, 1],
    ['aéb', 'byte', 3, 2],
    ['aéb', 'byte', 2, 1], // inside 'é': its start
    ['a😀b', 'byte', 5, 3],
    ['a😀b', 'codePoint', 2, 3],
    ['日本x', 'byte', 6, 2],
    ['日本x', 'codePoint', 2, 2],
    ['aé', 'byte', 99, 2], // past the end: the end
  ])('%j %s %i -> %i', (text, unit, offset, index) => {
    const map = offsetMap(text)
    expect(unit === 'byte' ? map.fromByte(offset) : map.fromCodePoint(offset)).toBe(index)
  })
})
