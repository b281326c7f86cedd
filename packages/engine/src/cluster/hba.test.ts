import { describe, expect, it } from 'vitest'
import { renderCutOffHba, renderHba } from './hba'

const rules = (text: string) =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/).join(' '))

describe('renderHba', () => {
  it('trusts the socket, rejects the platform roles over TCP and asks others for a SCRAM password', () => {
    expect(rules(renderHba('127.0.0.1'))).toEqual([
      'local all all trust',
      'local replication pgfleet_admin trust',
      'host all pgfleet_admin,pgfleet_migrator,pgfleet_read_only all reject',
      'host all all 127.0.0.1/32 scram-sha-256',
      'host all all ::1/128 scram-sha-256',
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
  it('keeps the platform superuser on the socket and refuses every other client, local or TCP', () => {
    expect(rules(renderCutOffHba())).toEqual([
      'local all pgfleet_admin trust',
      'local replication pgfleet_admin trust',
      'local all all reject',
      'host all all all reject',
    ])
  })
})
