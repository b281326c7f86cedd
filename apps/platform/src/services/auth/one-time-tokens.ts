import { createHash, randomInt, randomUUID } from 'node:crypto'
import type pg from 'pg'

/**
 * One-time codes sent by email or SMS. The user gets a numeric code (`{{ .Token }}`) and a link carrying its hash
 * (`{{ .TokenHash }}`); only the hash is stored, in the user's row (where hosted projects keep it, so a restored
 * project's pending links still work) and in `auth.one_time_tokens`.
 */

export type TokenColumn =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'
  | 'phone_change_token'

const TOKEN_TYPE: Record<TokenColumn, string> = {
  confirmation_token: 'confirmation_token',
  recovery_token: 'recovery_token',
  email_change_token_new: 'email_change_token_new',
  email_change_token_current: 'email_change_token_current',
  reauthentication_token: 'reauthentication_token',
  phone_change_token: 'phone_change_token',
}

/** When each kind of token was sent: its age decides whether it expired. */
export const SENT_AT: Record<TokenColumn, string> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
  reauthentication_token: 'reauthentication_sent_at',
  phone_change_token: 'phone_change_sent_at',
}

export function numericCode(length: number): string {
  let code = ''
  for (let i = 0; i < length; i++) code += String(randomInt(0, 10))
  return code
}

/** The stored and linked form of a code: SHA-224 of the address followed by the code, in hex. */
export const tokenHash = (address: string, code: string): string =>
  createHash('sha224').update(`${address}${code}`).digest('hex')

/** Stores a new code for the user (replacing the previous one of that kind); answers the code and its hash. */
export async function issueToken(
  client: pg.ClientBase,
  userId: string,
  column: TokenColumn,
  address: string,
  length: number,
  /** a fixed code instead of a random one (a project's test numbers) */
  fixedCode?: string,
): Promise<{ code: string; hash: string }> {
  const code = fixedCode ?? numericCode(length)
  const hash = tokenHash(address, code)
  await client.query(
    `UPDATE auth.users SET ${column} = $2, ${SENT_AT[column]} = now(), updated_at = now() WHERE id = $1`,
    [userId, hash],
  )
  await client.query(
    `INSERT INTO auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     VALUES ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     ON CONFLICT (user_id, token_type) DO UPDATE SET token_hash = EXCLUDED.token_hash, relates_to = EXCLUDED.relates_to,
       created_at = now(), updated_at = now()`,
    [randomUUID(), userId, TOKEN_TYPE[column], hash, address],
  )
  return { code, hash }
}

/** Clears a used code, so a link works once. */
export async function consumeToken(client: pg.ClientBase, userId: string, column: TokenColumn): Promise<void> {
  await client.query(`UPDATE auth.users SET ${column} = '', updated_at = now() WHERE id = $1`, [userId])
  await client.query(
    'DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2::auth.one_time_token_type',
    [userId, TOKEN_TYPE[column]],
  )
}
