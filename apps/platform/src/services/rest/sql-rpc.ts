import { RestError } from './errors'
import type { FunctionArg, RestFunction, SchemaCache } from './schema-cache'
import { ident, type Params, qualified } from './sql-common'

/**
 * Function calls for /rpc/{fn}: picks the overload the named arguments fit, and renders the call with every
 * argument bound as a parameter cast to the argument's declared type (taken from the catalog, not the request).
 */
const JSON_TYPES = new Set(['json', 'jsonb'])

/** A function whose only argument is an unnamed json/jsonb one receives the whole request body. */
export const takesWholeBody = (fn: RestFunction) =>
  fn.args.length === 1 && fn.args[0]?.name === '' && JSON_TYPES.has(fn.args[0]?.type ?? '')

/** Every argument name of every overload, so `GET /rpc/fn?a=1` knows which parameters are arguments. */
export function argumentNames(cache: SchemaCache, schema: string, name: string): Set<string> {
  return new Set(cache.functionsNamed(schema, name).flatMap((fn) => fn.args.map((a) => a.name).filter(Boolean)))
}

const signature = (fn: RestFunction) => `${fn.schema}.${fn.name}(${fn.args.map((a) => a.name || a.type).join(', ')})`

export function resolveFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  given: string[],
  bodyIsObject: boolean,
): RestFunction {
  const overloads = cache.functionsNamed(schema, name)
  const fits = overloads.filter((fn) => {
    if (takesWholeBody(fn)) return bodyIsObject
    const names = new Set(fn.args.map((a) => a.name))
    return given.every((g) => names.has(g)) && fn.args.every((a) => a.hasDefault || given.includes(a.name))
  })
  // an exact fit beats a function that would take the whole body
  const exact = fits.filter((fn) => !takesWholeBody(fn))
  const chosen = exact.length > 0 ? exact : fits
  if (chosen.length === 1) return chosen[0] as RestFunction
  if (chosen.length === 0) {
    const list = [...given].sort().join(', ')
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}(${list}) in the schema cache`,
      overloads.length > 0
        ? `Searched for the function ${schema}.${name} with parameters ${list || '(none)'}, but no matches were found. Candidates: ${overloads.map(signature).join('; ')}`
        : `Searched for the function ${schema}.${name}, but no function of that name is in the exposed schemas.`,
      'Check the function name and its argument names, or reload the page if the function was just created',
    )
  }
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${chosen.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )
}

/** JSON body values become parameter text the way Postgres reads that type. */
function argumentValue(arg: FunctionArg, value: unknown, fromQuery: boolean): unknown {
  if (value === null || value === undefined) return null
  if (fromQuery) return value
  if (JSON_TYPES.has(arg.type) || JSON_TYPES.has(arg.type.replace(/\[\]$/, ''))) {
    return arg.type.endsWith('[]') && Array.isArray(value) ? value.map((v) => JSON.stringify(v)) : JSON.stringify(value)
  }
  if (Array.isArray(value)) return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** `"schema"."fn"("a" := $1::integer, ...)` */
export function callSql(
  fn: RestFunction,
  args: Record<string, unknown>,
  wholeBody: string | null,
  fromQuery: boolean,
  params: Params,
): string {
  const name = qualified(fn.schema, fn.name)
  if (takesWholeBody(fn)) return `${name}(${params.add(wholeBody ?? '{}')}::${fn.args[0]?.type})`
  const parts: string[] = []
  fn.args.forEach((arg, i) => {
    if (!(arg.name in args)) return
    const variadic = fn.variadic && i === fn.args.length - 1
    let value = args[arg.name]
    if (variadic && !Array.isArray(value) && !fromQuery) value = [value]
    const bound = `${params.add(argumentValue(arg, value, fromQuery))}::${arg.type}`
    parts.push(`${variadic ? 'VARIADIC ' : ''}${ident(arg.name)} := ${bound}`)
  })
  return `${name}(${parts.join(', ')})`
}
