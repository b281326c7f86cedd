import { randomInt } from 'node:crypto'

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** Project refs are 20 lowercase letters, like the hosted product's: safe in hostnames, paths and role names. */
export function generateProjectRef(): string {
  let ref = ''
  for (let i = 0; i < 20; i++) ref += LETTERS[randomInt(LETTERS.length)]
  return ref
}
