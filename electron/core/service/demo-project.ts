import { randomUUID } from 'node:crypto'
import { createApiKey } from './keys'
import { addItems, createList } from './tracking/editing'
import type { Store } from '../store/store'
import path from 'node:path'
import { generateDemoWorld, type DemoOptions, type DemoSummary } from '../demo/generate'
import { addDemoSite } from '../demo/search-console'

export const DEMO_PROJECT_NAME = 'Demo project'

/**
 * On an empty store, creates the demo project on the Pro plan and its first API key.
 * Returns the key's value (shown once) or null when the store already has a project.
 */
export function ensureDemoProject(store: Store, now: Date): { projectId: string; keyValue: string } | null {
  if (store.projects.all().length > 0) return null
  return store.transaction(() => {
    const project = store.projects.create({ id: randomUUID(), name: DEMO_PROJECT_NAME, planId: 'pro', createdAt: now.toISOString() })
    const { value } = createApiKey(store, { name: 'Demo key', projectId: project.id }, now)
    return { projectId: project.id, keyValue: value }
  })
}

/**
 * Builds the demo world when the store has no articles yet, with its own site's Search Console
 * export (written beside the store, in demo/, and imported); null when the store already has data.
 * `beforeIndexes`: as generateDemoWorld's.
 */
export function ensureDemoWorld(store: Store, options: DemoOptions, beforeIndexes?: (summary: DemoSummary) => void): DemoSummary | null {
  if (store.counts().articles > 0) return null
  const summary = generateDemoWorld(store, options, undefined, beforeIndexes)
  addDemoSiteBesideStore(store, options.seed)
  return summary
}

/** The demo world's own site, its export files written in demo/ beside the store (nowhere for a store in memory). */
export function addDemoSiteBesideStore(store: Store, seed: number): void {
  addDemoSite(store, seed, store.file === ':memory:' ? null : path.join(path.dirname(store.file), 'demo'))
}

/**
 * The demo project's example lists, one or more of every kind, made of what the demo world
 * writes about most, so that a first start shows living metrics, roll-ups and matches.
 * Does nothing when the project already has lists. Mention lists are scanned by the caller.
 */
export function ensureDemoLists(store: Store, projectId: string, now: Date): string[] {
  if (store.tracking.count(projectId) > 0) return []
  const top = (kind: string, n: number) => store.trackingEditor.suggestions(kind, null, n)
  const organisations = top('entity', 40).filter((e) => store.trackingEditor.entityById(e.value)?.type === 'Organization')
  const specs: Array<{ kind: 'entity' | 'category' | 'publisher' | 'trend' | 'mention'; name: string; items: Array<{ value: string; match_type?: 'broad' | 'phrase' | 'exact' }>; langs?: string[]; search_scope?: 'title' | 'all' }> = [
    { kind: 'entity', name: 'People & organisations', items: top('entity', 8).map((e) => ({ value: e.value })) },
    { kind: 'category', name: 'Sections', items: top('category', 6).map((c) => ({ value: c.value })) },
    { kind: 'publisher', name: 'Competitors', items: top('publisher', 8).map((p) => ({ value: p.value })) },
    { kind: 'trend', name: 'Stories to watch', items: top('trend', 6).map((t) => ({ value: t.value })) },
    {
      kind: 'mention',
      name: 'Brand watch',
      items: [
        ...organisations.slice(0, 2).map((o) => ({ value: o.label, match_type: 'phrase' as const })),
        ...organisations.slice(2, 3).map((o) => ({ value: o.label, match_type: 'exact' as const })),
        { value: 'central bank', match_type: 'broad' },
        { value: 'coalition', match_type: 'broad' },
      ],
    },
    { kind: 'mention', name: 'Wahlen (Schlagzeilen)', langs: ['de'], search_scope: 'title', items: [{ value: 'Wahl' }, { value: 'Koalition' }, { value: 'Wahlkampf', match_type: 'exact' }] },
  ]
  return store.transaction(() =>
    specs
      .filter((spec) => spec.items.length > 0)
      .map((spec, i) => {
        const id = createList(store, projectId, { kind: spec.kind, name: spec.name, color_index: i, langs: spec.langs, search_scope: spec.search_scope }, now)
        addItems(store, projectId, id, spec.items, now)
        return id
      }),
  )
}
