import { randomUUID } from 'node:crypto'
import { createApiKey } from './keys'
import { addItems, createList } from './tracking/editing'
import type { Store } from '../store/store'
import { runSteps, write } from '../steps'
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

/** Which of the demo project's lists to make: all, every one but the trends' list, or that one alone. */
export type DemoListsPart = 'all' | 'without-trends' | 'trends'

type DemoListKind = 'entity' | 'category' | 'publisher' | 'trend' | 'mention'

interface DemoListSpec {
  kind: DemoListKind
  name: string
  /** (read when the list is made: the trends' list takes the trends of the pass before it) */
  items: () => Array<{ value: string; match_type?: 'broad' | 'phrase' | 'exact' }>
  langs?: string[]
  search_scope?: 'title' | 'all'
}

/**
 * The demo project's example lists, one or more of every kind, made of what the demo world
 * writes about most, so that a first start shows living metrics, roll-ups and matches.
 * Does nothing when the project already has lists (`part` 'trends': a trends' list). Mention lists
 * are scanned by the caller.
 */
export function ensureDemoLists(store: Store, projectId: string, now: Date, part: DemoListsPart = 'all'): string[] {
  return runSteps(demoListsSteps(store, projectId, now, part))
}

/**
 * ensureDemoLists as steps: its one write waits for the write lock when run in the background.
 * The demo build makes every list but the trends' while its trends are computed on the refresh
 * thread (whose write of them holds the lock for seconds), and the trends' list after them, with
 * the same `now`. Each list keeps its colour (its place among all six) whichever part makes it.
 */
export function* demoListsSteps(store: Store, projectId: string, now: Date, part: DemoListsPart = 'all'): Generator<unknown, string[], unknown> {
  if (part === 'trends' ? store.tracking.lists(projectId, 'trend', 0, 1, 0).total > 0 : store.tracking.count(projectId) > 0) return []
  const wanted = (spec: DemoListSpec) => part === 'all' || (part === 'trends') === (spec.kind === 'trend')
  const made = demoListSpecs(store)
    .map((spec, colorIndex) => ({ spec, colorIndex }))
    .filter(({ spec }) => wanted(spec))
    .map(({ spec, colorIndex }) => ({ spec, colorIndex, items: spec.items() }))
    .filter(({ items }) => items.length > 0)
  if (made.length === 0) return []
  return yield* write(store, () =>
    made.map(({ spec, colorIndex, items }) => {
      const id = createList(store, projectId, { kind: spec.kind, name: spec.name, color_index: colorIndex, langs: spec.langs, search_scope: spec.search_scope }, now)
      addItems(store, projectId, id, items, now)
      return id
    }),
  )
}

function demoListSpecs(store: Store): DemoListSpec[] {
  const top = (kind: string, n: number) => store.trackingEditor.suggestions(kind, null, n)
  const organisations = () => top('entity', 40).filter((e) => store.trackingEditor.entityById(e.value)?.type === 'Organization')
  return [
    { kind: 'entity', name: 'People & organisations', items: () => top('entity', 8).map((e) => ({ value: e.value })) },
    { kind: 'category', name: 'Sections', items: () => top('category', 6).map((c) => ({ value: c.value })) },
    { kind: 'publisher', name: 'Competitors', items: () => top('publisher', 8).map((p) => ({ value: p.value })) },
    { kind: 'trend', name: 'Stories to watch', items: () => top('trend', 6).map((t) => ({ value: t.value })) },
    {
      kind: 'mention',
      name: 'Brand watch',
      items: () => {
        const found = organisations()
        return [
          ...found.slice(0, 2).map((o) => ({ value: o.label, match_type: 'phrase' as const })),
          ...found.slice(2, 3).map((o) => ({ value: o.label, match_type: 'exact' as const })),
          { value: 'central bank', match_type: 'broad' as const },
          { value: 'coalition', match_type: 'broad' as const },
        ]
      },
    },
    { kind: 'mention', name: 'Wahlen (Schlagzeilen)', langs: ['de'], search_scope: 'title', items: () => [{ value: 'Wahl' }, { value: 'Koalition' }, { value: 'Wahlkampf', match_type: 'exact' as const }] },
  ]
}
