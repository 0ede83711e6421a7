import { createRequire } from 'node:module'
import type compromise from 'compromise'

let loaded: typeof compromise | null = null

/**
 * The compromise tagger, loaded on its first use: it is the largest module Feedlens loads (a
 * tenth of a second and more of every start), and only finding names in text needs it: `serve`,
 * the window and most commands start without it.
 */
export function tagger(): typeof compromise {
  return (loaded ??= createRequire(import.meta.url)('compromise') as typeof compromise)
}
