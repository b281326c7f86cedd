import { describe, expect, it } from 'vitest'
import { READ_ONLY_BUILTINS, SIDE_EFFECT_FREE_VOLATILE } from './read-only-functions'
import { SAFE_FUNCTIONS } from './safety'

describe('READ_ONLY_BUILTINS', () => {
  it('names each function once, in lower case', () => {
    expect(new Set(READ_ONLY_BUILTINS).size).toBe(READ_ONLY_BUILTINS.length)
    for (const name of READ_ONLY_BUILTINS) expect(name).toMatch(/^[a-z_][a-z0-9_]*$/)
  })

  it('includes the volatile functions known to have no side effect', () => {
    for (const name of SIDE_EFFECT_FREE_VOLATILE) expect(READ_ONLY_BUILTINS).toContain(name)
  })

  it.each([
    'nextval',
    'setval',
    'pg_sleep',
    'set_config',
    'pg_terminate_backend',
    'pg_cancel_backend',
    'pg_read_file',
    'pg_read_binary_file',
    'pg_ls_dir',
    'lo_import',
    'lo_export',
    'pg_advisory_lock',
    'pg_notify',
    'query_to_xml',
    'txid_current',
    'pg_reload_conf',
    'dblink',
  ])('leaves out %s', (name) => {
    expect(READ_ONLY_BUILTINS).not.toContain(name)
    expect(SAFE_FUNCTIONS).not.toContain(name)
  })
})
