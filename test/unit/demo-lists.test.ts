import { describe, expect, it } from 'vitest'
import { ensureDemoLists } from '../../electron/core/service/demo-project'
import type { Store } from '../../electron/core/store/store'
import { openTestStore, FIXED_NOW } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'

const project = (store: Store, id: string) => store.projects.create({ id, name: id, planId: 'pro', createdAt: FIXED_NOW.toISOString() }).id

/** A project's lists as a person sees them: by kind and name, with their colour, scope and items. */
function listsOf(store: Store, projectId: string) {
  const lists = store.sqlite
    .prepare(`SELECT id, kind, name, color_index, langs, search_scope, created_at, updated_at FROM tracking_lists WHERE project_id = ? ORDER BY color_index`)
    .all(projectId) as Array<{ id: string; kind: string; name: string; color_index: number; langs: string | null; search_scope: string | null; created_at: string; updated_at: string }>
  return lists.map(({ id, ...list }) => ({
    ...list,
    items: store.sqlite.prepare(`SELECT key, type FROM tracking_items WHERE list_id = ? ORDER BY position`).all(id),
  }))
}

describe("the demo project's example lists", () => {
  it('are the same lists made in two parts (the trends\' list after the others) as made at once, each part once', () => {
    const store = openTestStore()
    try {
      seedFixture(store, project(store, '00000000-0000-4000-8000-00000000000f'))
      const atOnce = project(store, '00000000-0000-4000-8000-00000000000a')
      const inParts = project(store, '00000000-0000-4000-8000-00000000000b')
      expect(ensureDemoLists(store, atOnce, FIXED_NOW)).toHaveLength(6)

      expect(ensureDemoLists(store, inParts, FIXED_NOW, 'without-trends')).toHaveLength(5)
      expect(listsOf(store, inParts).map((l) => l.kind)).toEqual(['entity', 'category', 'publisher', 'mention', 'mention'])
      expect(ensureDemoLists(store, inParts, FIXED_NOW, 'without-trends')).toEqual([])
      expect(ensureDemoLists(store, inParts, FIXED_NOW, 'trends')).toHaveLength(1)
      expect(ensureDemoLists(store, inParts, FIXED_NOW, 'trends')).toEqual([])
      expect(ensureDemoLists(store, inParts, FIXED_NOW)).toEqual([])

      const made = listsOf(store, inParts)
      expect(made).toEqual(listsOf(store, atOnce))
      expect(made.map((l) => [l.color_index, l.kind, l.name, l.items.length])).toEqual([
        [0, 'entity', 'People & organisations', 2],
        [1, 'category', 'Sections', 3],
        [2, 'publisher', 'Competitors', 2],
        [3, 'trend', 'Stories to watch', 2],
        [4, 'mention', 'Brand watch', 3],
        [5, 'mention', 'Wahlen (Schlagzeilen)', 3],
      ])
      // the fixture's one organisation is watched as a phrase, beside the two broad keywords
      expect(made[4]!.items).toEqual([
        { key: 'Federal Reserve', type: 'phrase' },
        { key: 'central bank', type: 'broad' },
        { key: 'coalition', type: 'broad' },
      ])
    } finally {
      store.close()
    }
  })
})
