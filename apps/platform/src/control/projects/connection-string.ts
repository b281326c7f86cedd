/**
 * The direct connection string shown to users, password left as a placeholder. A database without a TCP port
 * (a paused project) has none: a made-up port would send clients to a server that is not there.
 */
export function directConnectionString(host: string, port: number | null, user = 'postgres'): string | null {
  return port === null ? null : `postgresql://${encodeURIComponent(user)}:[YOUR-PASSWORD]@${host}:${port}/postgres`
}
