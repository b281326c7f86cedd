import { describe, expect, it } from 'vitest'
import { renderCutOffHba, renderHba, renderIdent } from './hba'

const rules = (text: string) =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/).join(' '))

describe('renderHba', () => {
  it('asks the platform superuser for its password on the socket, trusts the tenant there, SCRAM over TCP', () => {
    expect(rules(renderHba('127.0.0.1'))).toEqual([
      'local all pgfleet_admin,pgfleet_migrator scram-sha-256',
      'local replication pgfleet_admin scram-sha-256',
      'local all pgfleet_replication scram-sha-256',
      'local all all trust',
      'host all pgfleet_admin,pgfleet_migrator,pgfleet_read_only,pgfleet_replication all reject',
      'host all all 127.0.0.1/32 scram-sha-256',
      'host all all ::1/128 scram-sha-256',
    ])
  })

  it('with peer logins, admits the platform superuser only from the OS users the map names', () => {
    const hba = rules(renderHba('127.0.0.1', 'peer'))
    expect(hba.slice(0, 4)).toEqual([
      'local all pgfleet_admin,pgfleet_migrator peer map=pgfleet_platform',
      'local replication pgfleet_admin peer map=pgfleet_platform',
      'local all pgfleet_replication scram-sha-256',
      'local all all trust',
    ])
    expect(rules(renderIdent('root'))).toEqual([
      'pgfleet_platform root pgfleet_admin',
      'pgfleet_platform root pgfleet_migrator',
    ])
  })

  it('adds password rules for remote clients when listening beyond loopback', () => {
    const hba = rules(renderHba('0.0.0.0'))
    expect(hba).toContain('host all all 0.0.0.0/0 scram-sha-256')
    expect(hba).toContain('host all all ::/0 scram-sha-256')
    expect(hba.some((line) => line.startsWith('host') && line.endsWith('trust'))).toBe(false)
  })
})

describe('renderCutOffHba', () => {
  it('keeps the platform superuser on the socket, by its login rule, and refuses every other client', () => {
    expect(rules(renderCutOffHba())).toEqual([
      'local all pgfleet_admin scram-sha-256',
      'local replication pgfleet_admin scram-sha-256',
      'local all pgfleet_replication scram-sha-256',
      'local all all reject',
      'host all all all reject',
    ])
    expect(rules(renderCutOffHba('peer'))[0]).toBe('local all pgfleet_admin peer map=pgfleet_platform')
  })
})
