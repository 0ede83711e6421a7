import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

const KEY_PREFIX = 'fl_'

/** A new key value: 32 random bytes, base64url, with a recognisable prefix. */
export function generateKeyValue(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url')
}

/** Keys are stored as SHA-256 hashes: a leaked store does not leak usable keys. */
export function hashKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** What is shown of a key after creation: enough to recognise it, never to use it. */
export function displayPrefix(value: string): string {
  return value.slice(0, KEY_PREFIX.length + 6)
}

export function sameSecret(a: string, b: string): boolean {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  return ab.length === bb.length && timingSafeEqual(ab, bb)
}
