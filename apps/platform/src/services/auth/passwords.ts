import { hash, verify } from '@node-rs/argon2'
import bcrypt from 'bcryptjs'

/**
 * Users' passwords: argon2id at 19 MiB and 2 passes (OWASP's baseline), stored in `auth.users.encrypted_password`
 * in its PHC form. bcrypt hashes, as a hosted project's users have them, verify too and are replaced by argon2id
 * at the next sign-in.
 */
// the library's algorithm is argon2id unless told otherwise
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS)

export interface PasswordCheck {
  ok: boolean
  /** the stored hash is of an older kind: store a new one */
  rehash: boolean
}

const isBcrypt = (stored: string) => /^\$2[abxy]\$\d{2}\$/.test(stored)

export async function checkPassword(stored: string | null, password: string): Promise<PasswordCheck> {
  if (!stored) {
    await checkDecoy(password)
    return { ok: false, rehash: false }
  }
  try {
    if (isBcrypt(stored)) return { ok: await bcrypt.compare(password, stored), rehash: true }
    return { ok: await verify(stored, password), rehash: false }
  } catch {
    return { ok: false, rehash: false }
  }
}

let decoy: Promise<string> | undefined
/** Verifies against a fixed hash, so an unknown address takes as long to refuse as a wrong password. */
export async function checkDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('pgfleet-auth-decoy')
  await verify(await decoy, password).catch(() => false)
}
