import type { OpenApiParameter, RestDescription } from '../../../data/config/rest-description-query'
import {
  ANON_KEY_PLACEHOLDER,
  API_DOCS_SECTIONS,
  type ApiDocsFlag,
  type ApiDocsSectionId,
  SIGNED_URL_EXPIRY_S,
  type SnippetLanguage,
  STORAGE_LIST_LIMIT,
} from './api-docs.constants'

/** The sections the navigation shows, given which flags are on. */
export function visibleSections(isOn: (flag: ApiDocsFlag) => boolean) {
  return API_DOCS_SECTIONS.filter((section) => !section.flag || isOn(section.flag))
}

export function isSectionVisible(id: ApiDocsSectionId, isOn: (flag: ApiDocsFlag) => boolean) {
  return visibleSections(isOn).some((section) => section.id === id)
}

export type EntityColumn = { name: string; format: string; type: string; description: string; required: boolean }

/** Tables and views of the description, sorted by name. */
export function entitiesOf(description: RestDescription | undefined): string[] {
  return Object.keys(description?.definitions ?? {}).sort((a, b) => a.localeCompare(b))
}

/** A table's or view's columns: Name, Format, Type, Description. */
export function entityColumns(description: RestDescription | undefined, name: string): EntityColumn[] {
  const definition = description?.definitions?.[name]
  if (!definition) return []
  const required = new Set(definition.required ?? [])
  return Object.entries(definition.properties ?? {}).map(([column, property]) => ({
    name: column,
    format: property.format ?? '',
    type: property.type ?? '',
    description: property.description ?? '',
    required: required.has(column),
  }))
}

export type FunctionArgument = { name: string; format: string; type: string; required: boolean }

/** Function names: only `/rpc/...` paths, sorted by name. */
export function functionsOf(description: RestDescription | undefined): string[] {
  return Object.keys(description?.paths ?? {})
    .filter((path) => path.startsWith('/rpc/'))
    .map((path) => path.slice('/rpc/'.length))
    .sort((a, b) => a.localeCompare(b))
}

/** A function's arguments from its POST body schema; required unless the function gives it a default. */
export function functionArguments(description: RestDescription | undefined, name: string): FunctionArgument[] {
  const parameters: OpenApiParameter[] = description?.paths?.[`/rpc/${name}`]?.post?.parameters ?? []
  const body = parameters.find((parameter) => parameter.in === 'body')
  const schema = body?.schema
  if (!schema?.properties) return []
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties).map(([arg, property]) => ({
    name: arg,
    format: property.format ?? '',
    type: property.type ?? '',
    required: required.has(arg),
  }))
}

export function argumentBadge(argument: Pick<FunctionArgument, 'required'>): 'Required' | 'Optional' {
  return argument.required ? 'Required' : 'Optional'
}

/**
 * A function's URL: the project URL + /functions/v1/{name}. The project URL is `{ref}.{domain}` when the platform
 * has a domain, which gives the shape `{ref}.{domain}/functions/v1/{name}`; otherwise `{platform}/p/{ref}`.
 */
export function edgeFunctionUrl(projectUrl: string, name: string) {
  return `${projectUrl}/functions/v1/${name}`
}

export type SnippetContext = {
  /** the project URL, `{protocol}://{endpoint}` */
  url: string
  /** the anon key, or its placeholder while keys are hidden */
  anonKey: string
}

export type Snippet = { title: string; code: string }

function js(code: string): string {
  return code.trim()
}

/** Connecting: supabase-js client creation, or a curl call with the key. */
export function connectSnippets(lang: SnippetLanguage, { url, anonKey }: SnippetContext): Snippet[] {
  if (lang === 'js') {
    return [
      {
        title: 'Initializing',
        code: js(`
import { createClient } from '@supabase/supabase-js'

const supabaseUrl = '${url}'
const supabaseKey = ${anonKey === ANON_KEY_PLACEHOLDER ? 'process.env.SUPABASE_KEY' : `'${anonKey}'`}
const supabase = createClient(supabaseUrl, supabaseKey)`),
      },
    ]
  }
  return [
    {
      title: 'Initializing',
      code: `curl '${url}/rest/v1/' \\\n-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer ${anonKey}"`,
    },
  ]
}

/** Reading, inserting, updating and deleting rows of a table or view. */
export function entitySnippets(
  lang: SnippetLanguage,
  { url, anonKey }: SnippetContext,
  entity: string,
  columns: readonly string[],
): Snippet[] {
  const first = columns[0] ?? 'id'
  const second = columns[1] ?? first
  const select = columns.length ? columns.slice(0, 2).join(',') : '*'
  if (lang === 'js') {
    return [
      {
        title: 'Read all rows',
        code: `let { data: ${jsIdentifier(entity)}, error } = await supabase\n  .from('${entity}')\n  .select('*')`,
      },
      {
        title: 'Read specific columns',
        code: `let { data: ${jsIdentifier(entity)}, error } = await supabase\n  .from('${entity}')\n  .select('${select}')`,
      },
      {
        title: 'With pagination',
        code: `let { data: ${jsIdentifier(entity)}, error } = await supabase\n  .from('${entity}')\n  .select('*')\n  .range(0, 9)`,
      },
      {
        title: 'Insert a row',
        code: `const { data, error } = await supabase\n  .from('${entity}')\n  .insert([{ ${second}: 'someValue' }])\n  .select()`,
      },
      {
        title: 'Update matching rows',
        code: `const { data, error } = await supabase\n  .from('${entity}')\n  .update({ ${second}: 'otherValue' })\n  .eq('${first}', 'someValue')\n  .select()`,
      },
      {
        title: 'Delete matching rows',
        code: `const { error } = await supabase\n  .from('${entity}')\n  .delete()\n  .eq('${first}', 'someValue')`,
      },
    ]
  }
  const auth = `-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer ${anonKey}"`
  const base = `${url}/rest/v1/${entity}`
  return [
    { title: 'Read all rows', code: `curl '${base}?select=*' \\\n${auth}` },
    { title: 'Read specific columns', code: `curl '${base}?select=${select}' \\\n${auth}` },
    {
      title: 'With pagination',
      code: `curl '${base}?select=*' \\\n${auth} \\\n-H "Range: 0-9"`,
    },
    {
      title: 'Insert a row',
      code: `curl -X POST '${base}' \\\n${auth} \\\n-H "Content-Type: application/json" \\\n-H "Prefer: return=minimal" \\\n-d '{ "${second}": "someValue" }'`,
    },
    {
      title: 'Update matching rows',
      code: `curl -X PATCH '${base}?${first}=eq.someValue' \\\n${auth} \\\n-H "Content-Type: application/json" \\\n-H "Prefer: return=minimal" \\\n-d '{ "${second}": "otherValue" }'`,
    },
    { title: 'Delete matching rows', code: `curl -X DELETE '${base}?${first}=eq.someValue' \\\n${auth}` },
  ]
}

/** Calling a function through `/rpc/{name}`. */
export function functionSnippets(
  lang: SnippetLanguage,
  { url, anonKey }: SnippetContext,
  name: string,
  args: readonly Pick<FunctionArgument, 'name'>[],
): Snippet[] {
  if (lang === 'js') {
    const body = args.length ? `, {\n${args.map((arg) => `    ${arg.name}: 'value'`).join(',\n')}\n  }` : ''
    return [{ title: 'Invoke function', code: `let { data, error } = await supabase\n  .rpc('${name}'${body})` }]
  }
  const json = `{ ${args.map((arg) => `"${arg.name}": "value"`).join(', ')} }`
  return [
    {
      title: 'Invoke function',
      code: `curl -X POST '${url}/rest/v1/rpc/${name}' \\\n-H "Content-Type: application/json" \\\n-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer ${anonKey}" \\\n-d '${json}'`,
    },
  ]
}

export function authSnippets(lang: SnippetLanguage, { url, anonKey }: SnippetContext): Snippet[] {
  if (lang === 'js') {
    return [
      {
        title: 'User signup',
        code: `let { data, error } = await supabase.auth.signUp({\n  email: 'someone@email.com',\n  password: 'some-secure-password'\n})`,
      },
      {
        title: 'User login',
        code: `let { data, error } = await supabase.auth.signInWithPassword({\n  email: 'someone@email.com',\n  password: 'some-secure-password'\n})`,
      },
      {
        title: 'Sign in with a magic link',
        code: `let { data, error } = await supabase.auth.signInWithOtp({\n  email: 'someone@email.com'\n})`,
      },
      {
        title: 'Sign in with a provider',
        code: `let { data, error } = await supabase.auth.signInWithOAuth({\n  provider: 'github'\n})`,
      },
      { title: 'Get user', code: 'const { data: { user } } = await supabase.auth.getUser()' },
      {
        title: 'Send a password recovery email',
        code: `let { data, error } = await supabase.auth.resetPasswordForEmail('someone@email.com')`,
      },
      {
        title: 'Update user',
        code: `const { data, error } = await supabase.auth.updateUser({\n  data: { hello: 'world' }\n})`,
      },
      { title: 'User logout', code: 'let { error } = await supabase.auth.signOut()' },
    ]
  }
  return [
    {
      title: 'User signup',
      code: `curl -X POST '${url}/auth/v1/signup' \\\n-H "apikey: ${anonKey}" \\\n-H "Content-Type: application/json" \\\n-d '{ "email": "someone@email.com", "password": "some-secure-password" }'`,
    },
    {
      title: 'User login',
      code: `curl -X POST '${url}/auth/v1/token?grant_type=password' \\\n-H "apikey: ${anonKey}" \\\n-H "Content-Type: application/json" \\\n-d '{ "email": "someone@email.com", "password": "some-secure-password" }'`,
    },
    {
      title: 'Sign in with a magic link',
      code: `curl -X POST '${url}/auth/v1/magiclink' \\\n-H "apikey: ${anonKey}" \\\n-H "Content-Type: application/json" \\\n-d '{ "email": "someone@email.com" }'`,
    },
    {
      title: 'Get user',
      code: `curl -X GET '${url}/auth/v1/user' \\\n-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer USER_TOKEN"`,
    },
    {
      title: 'User logout',
      code: `curl -X POST '${url}/auth/v1/logout' \\\n-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer USER_TOKEN"`,
    },
  ]
}

export function storageSnippets(lang: SnippetLanguage, { url, anonKey }: SnippetContext): Snippet[] {
  if (lang === 'js') {
    return [
      {
        title: 'List files',
        code: `const { data, error } = await supabase.storage\n  .from('bucket')\n  .list('folder', { limit: ${STORAGE_LIST_LIMIT}, offset: 0 })`,
      },
      {
        title: 'Create a signed URL',
        code: `const { data, error } = await supabase.storage\n  .from('bucket')\n  .createSignedUrl('folder/avatar.png', ${SIGNED_URL_EXPIRY_S})`,
      },
    ]
  }
  return [
    {
      title: 'List files',
      code: `curl -X POST '${url}/storage/v1/object/list/bucket' \\\n-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer ${anonKey}" \\\n-H "Content-Type: application/json" \\\n-d '{ "prefix": "folder", "limit": ${STORAGE_LIST_LIMIT}, "offset": 0 }'`,
    },
    {
      title: 'Create a signed URL',
      code: `curl -X POST '${url}/storage/v1/object/sign/bucket/folder/avatar.png' \\\n-H "apikey: ${anonKey}" \\\n-H "Authorization: Bearer ${anonKey}" \\\n-H "Content-Type: application/json" \\\n-d '{ "expiresIn": ${SIGNED_URL_EXPIRY_S} }'`,
    },
  ]
}

export function realtimeSnippets(lang: SnippetLanguage, { url }: SnippetContext): Snippet[] {
  if (lang === 'js') {
    return [
      {
        title: 'Subscribe to changes',
        code: `const channel = supabase\n  .channel('schema-db-changes')\n  .on('postgres_changes', { event: '*', schema: 'public' }, (payload) => console.log(payload))\n  .subscribe()`,
      },
      { title: 'Remove the channel', code: 'supabase.removeChannel(channel)' },
    ]
  }
  return [
    {
      title: 'Realtime',
      code: `# Realtime uses websockets, which curl cannot open.\n# Connect to ${url.replace(/^http/, 'ws')}/realtime/v1/websocket with a client library.`,
    },
  ]
}

export function edgeFunctionSnippets(lang: SnippetLanguage, { anonKey }: SnippetContext, functionUrl: string) {
  if (lang === 'js') {
    const name = functionUrl.split('/').pop() ?? 'hello-world'
    return [
      {
        title: 'Invoke a function',
        code: `const { data, error } = await supabase.functions.invoke('${name}', {\n  body: { name: 'Functions' },\n})`,
      },
    ]
  }
  return [
    {
      title: 'Invoke a function',
      code: `curl -L -X POST '${functionUrl}' \\\n-H "Authorization: Bearer ${anonKey}" \\\n-H "Content-Type: application/json" \\\n--data '{"name":"Functions"}'`,
    },
  ]
}

/** A valid JS identifier for a table name (`my-table` → `my_table`). */
export function jsIdentifier(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, '_')
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned
}
