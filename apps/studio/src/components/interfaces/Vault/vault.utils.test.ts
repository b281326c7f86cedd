import type { PgExtension } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { extensionAvailability, vaultState } from './vault.utils'

const extension = (name: string, installed_version: string | null = null): PgExtension => ({
  name,
  schema: installed_version ? 'extensions' : null,
  default_version: '1.3',
  installed_version,
  comment: null,
})

describe('vault utils', () => {
  it('tells installed, available and unavailable extensions apart', () => {
    const list = [extension('pgcrypto', '1.3'), extension('pgsodium')]
    expect(extensionAvailability(list, 'pgcrypto')).toEqual({ status: 'installed', version: '1.3' })
    expect(extensionAvailability(list, 'pgsodium')).toEqual({ status: 'available', defaultVersion: '1.3' })
    expect(extensionAvailability(list, 'supabase_vault')).toEqual({ status: 'unavailable' })
    expect(extensionAvailability([], 'pgcrypto')).toEqual({ status: 'unavailable' })
  })

  it('reports Vault and the pgcrypto fallback together', () => {
    // what an embedded Postgres build answers: pgcrypto ships, supabase_vault does not
    expect(vaultState([extension('pgcrypto'), extension('plpgsql', '1.0')])).toEqual({
      vault: { status: 'unavailable' },
      pgcrypto: { status: 'available', defaultVersion: '1.3' },
    })
    expect(vaultState([extension('supabase_vault', '0.3.1')]).vault).toEqual({ status: 'installed', version: '0.3.1' })
  })
})
