import { createRequire } from 'node:module'
import type compromise from 'compromise'

let loaded: typeof compromise | null = null

/**
 * The compromise tagger, loaded on its first use: it is the largest module Feedlens loads (a
 * tenth of a second and more of every start), and only finding names in text needs it: `serve`,
 * the window and most commands start without it. An import loads it first (loadTagger): in the
 * built app it is a chunk of its own, bundled (a packaged app has no node_modules to find it in).
 */
export function tagger(): typeof compromise {
  return (loaded ??= createRequire(import.meta.url)('compromise') as typeof compromise)
}

/** Loads the tagger ahead of its use (once): what every import does before it reads a row. */
export async function loadTagger(): Promise<void> {
  loaded ??= ((await import('compromise')) as unknown as { default: typeof compromise }).default
}
