import path from 'node:path'
import { writeFileOwned } from '../system/fs-owned'
import { withClient } from './client'
import { defaultSuperuserLogin, renderHba } from './hba'
import { reloadConfiguration } from './reload'
import type { ClusterSpec, SuperuserLogin } from './types'

/**
 * The access rules of a project past its disk ceiling: every TCP login is refused (tenants' clients connect over
 * TCP), while the unix socket, which only the platform reaches, works as usual, so the platform's services and its
 * space-freeing path go on.
 */
export function renderCeilingHba(listenAddress: string, superuserLogin: SuperuserLogin): string {
  const lines = renderHba(listenAddress, superuserLogin).split('\n')
  const firstHost = lines.findIndex((line) => line.startsWith('host'))
  const reject = [
    '# The project is past its disk ceiling: no TCP login until the platform lifts this (it frees or grows the disk).',
    'host    all          all   all            reject',
  ]
  return [...lines.slice(0, firstHost), ...reject, ...lines.slice(firstHost)].join('\n')
}

/**
 * Puts a running project past its disk ceiling or takes it back: the access rules refuse (or accept again) TCP
 * logins, applied with a reload, and past the ceiling every session that came over TCP is terminated (a
 * superuser's pg_terminate_backend, no tenant code runs). A session's own `SET default_transaction_read_only = off`
 * cannot be taken from it, so ending it is the only way to stop it writing. Answers the sessions ended.
 */
export async function setClusterWriteCeiling(
  spec: Pick<ClusterSpec, 'dataDir' | 'socketDir' | 'port' | 'listenAddress' | 'runAs' | 'superuserLogin'>,
  exceeded: boolean,
): Promise<number> {
  // the superuser keeps the login rule every start writes (peer from the platform's OS user, or its password)
  const login = spec.superuserLogin ?? defaultSuperuserLogin(spec.runAs)
  const rules = exceeded ? renderCeilingHba(spec.listenAddress, login) : renderHba(spec.listenAddress, login)
  await writeFileOwned(path.join(spec.dataDir, 'pg_hba.conf'), rules, spec.runAs)
  // new logins follow the rules once the server has re-read them; sessions that beat the reload are ended below
  await reloadConfiguration(spec)
  if (!exceeded) return 0
  return withClient(
    spec,
    async (client) => {
      const { rows } = await client.query<{ ended: number }>(
        `SELECT count(*) FILTER (WHERE pg_catalog.pg_terminate_backend(pid))::int AS ended
           FROM pg_catalog.pg_stat_activity
          WHERE backend_type = 'client backend' AND client_addr IS NOT NULL AND pid <> pg_catalog.pg_backend_pid()`,
      )
      return rows[0]?.ended ?? 0
    },
    { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 },
  )
}
