import { EDGE_FUNCTION_SLUG_RULE } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { DEPLOY_EMPTY_CODE } from './edge-functions.constants'
import { cliDownloadCommand, deployProblem, functionUrl, parseAllowList } from './edge-functions.utils'

describe('edge function URLs', () => {
  it('is {ref}.{domain}/functions/v1/{name} with a platform domain, /p/{ref}/functions/v1/{name} without', () => {
    expect(functionUrl({ protocol: 'https', endpoint: 'abc.pgfleet.dev' }, 'hello')).toBe(
      'https://abc.pgfleet.dev/functions/v1/hello',
    )
    expect(functionUrl({ protocol: 'http', endpoint: '127.0.0.1:8080/p/abc' }, 'hello')).toBe(
      'http://127.0.0.1:8080/p/abc/functions/v1/hello',
    )
    expect(functionUrl(undefined, 'hello')).toBeUndefined()
  })

  it('downloads the code with a personal access token', () => {
    expect(cliDownloadCommand('http://127.0.0.1:8080', 'abc', 'hello')).toBe(
      `curl -H "Authorization: Bearer $PGFLEET_ACCESS_TOKEN" 'http://127.0.0.1:8080/v1/projects/abc/functions/hello/body' -o hello.json`,
    )
  })
})

describe('deploy form', () => {
  it('needs a valid slug and some code', () => {
    expect(deployProblem('hello-world', 'Deno.serve(() => new Response())')).toBeNull()
    expect(deployProblem('1hello', 'x')).toBe(EDGE_FUNCTION_SLUG_RULE)
    expect(deployProblem('', 'x')).toBe(EDGE_FUNCTION_SLUG_RULE)
    expect(deployProblem('hello', '  \n')).toBe(DEPLOY_EMPTY_CODE)
  })
})

describe('parseAllowList', () => {
  it('takes one entry per line, trimmed and lower-cased, without blanks or repeats', () => {
    expect(parseAllowList(' 10.0.0.5 \n\nDB.internal\n10.0.0.5\n')).toEqual(['10.0.0.5', 'db.internal'])
    expect(parseAllowList('')).toEqual([])
  })
})
