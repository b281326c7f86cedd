import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'

export const SCRAM_ITERATIONS = 4096

/**
 * The SCRAM-SHA-256 verifier Postgres stores for a password, computed here (as psql's \password does) so the
 * clear password never reaches the server, its logs or pg_stat_activity. Only for printable-ASCII passwords,
 * where SASLprep changes nothing; returns null for others, which must be sent for the server to hash.
 */
export function scramSha256Verifier(
  password: string,
  salt = randomBytes(16),
  iterations = SCRAM_ITERATIONS,
): string | null {
  if (!/^[\x20-\x7e]*$/.test(password)) return null
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256')
  const clientKey = createHmac('sha256', salted).update('Client Key').digest()
  const storedKey = createHash('sha256').update(clientKey).digest()
  const serverKey = createHmac('sha256', salted).update('Server Key').digest()
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}

/** True for a value Postgres stores as-is instead of hashing: a SCRAM-SHA-256 verifier (or a legacy md5 hash). */
export function isPasswordVerifier(value: string): boolean {
  return (
    /^SCRAM-SHA-256\$\d+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/.test(value) ||
    /^md5[0-9a-f]{32}$/.test(value)
  )
}
