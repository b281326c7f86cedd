// Path templates ('/a/{ref}/b/{id}') apart from the route table's zod schemas, so the dashboard's fetcher can
// fill them in without loading zod.

/** The parameter names of a path template, in order: '/a/{ref}/b/{id}' gives ['ref', 'id']. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
}

/** The path with each `{name}` replaced by its value, encoded as one path segment. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
