import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { withGeneratedRoutes } from './docs'
import { apiRouteGroups, apiRoutes } from './index'
import { fillPath, pathParamNames } from './path-template'

describe('the route table', () => {
  it('defines each key once across its groups (a spread would silently keep the last)', () => {
    const keys = apiRouteGroups.flatMap((group) => Object.keys(group.routes))
    expect(keys.length).toBe(new Set(keys).size)
    expect(Object.keys(apiRoutes).length).toBe(keys.length)
  })

  it('keys every route by its method and path, and lists the path parameters in order', () => {
    for (const [key, route] of Object.entries(apiRoutes)) {
      expect(key).toBe(`${route.method} ${route.path}`)
      expect([...route.params]).toEqual(pathParamNames(route.path))
    }
  })

  it('fills parameters as single encoded segments and refuses missing ones', () => {
    expect(fillPath('/a/{ref}/b/{id}', { ref: 'x/y', id: 3 })).toBe('/a/x%2Fy/b/3')
    expect(() => fillPath('/a/{ref}', {})).toThrow('Missing path parameter ref')
  })
})

describe('docs/api.md', () => {
  it('has the route index of the current table (run `node --import tsx scripts/generate-api-docs.ts`)', () => {
    const document = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8')
    expect(withGeneratedRoutes(document)).toBe(document)
  })
})
