import { createHash } from 'node:crypto'

/** An entity without an identifier gets a stable one derived from its name. */
export function entityIdForName(name: string): string {
  return `/feedlens/${createHash('sha1').update(name.trim().toLowerCase()).digest('hex').slice(0, 12)}`
}
