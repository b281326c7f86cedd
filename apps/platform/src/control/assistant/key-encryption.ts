import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Secrets the control plane stores for organizations (their model API keys) are encrypted with AES-256-GCM under
 * a key kept in a file of the platform's data directory, readable by the platform's user only. A copy of the
 * control-plane database alone (a dump, a backup) then gives no usable key.
 */
const KEY_FILE = 'secrets/organization-secrets.key'
const VERSION = 'v1'

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** The data directory's key, created (32 random bytes, mode 0600) on first use. */
  static async open(dataDir: string): Promise<SecretBox> {
    const file = path.join(dataDir, KEY_FILE)
    try {
      const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
      if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`)
      return new SecretBox(key)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    const key = randomBytes(32)
    try {
      // 'wx': two instances starting at once keep the first key
      await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return SecretBox.open(dataDir)
      throw error
    }
    return new SecretBox(key)
  }

  /** Only for tests that need no data directory. */
  static withKey(key: Buffer): SecretBox {
    return new SecretBox(key)
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    // the context (e.g. the organization id) binds a sealed value to its row: copied to another row it fails
    cipher.setAAD(Buffer.from(context))
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':')
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split(':')
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unknown sealed secret format')
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8')
  }
}
