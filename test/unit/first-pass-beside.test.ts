import { describe, expect, it, vi } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshTrends } from '../../electron/core/jobs/trends'
import type { Store } from '../../electron/core/store/store'
import { openTestStore, seedRegion } from '../helpers/core'
import { seenInUs, storiesAcrossTheHorizon } from '../helpers/stories'

/** What the mocked clusteringBeside does: nothing (no worker, as from the sources), or hands a worker that fails. */
const beside = vi.hoisted(() => ({ failing: 0, started: 0 }))
vi.mock('../../electron/core/jobs/clustering-beside', () => ({
  clusteringBeside: () => {
    if (beside.failing === 0) return null
    beside.failing--
    beside.started++
    return {
      // eslint-disable-next-line require-yield
      *assignments() {
        return null
      },
      stop: () => undefined,
    }
  },
}))

const NOW = new Date('2026-11-20T12:00:00Z')

/** The canal story across the horizon (early May), the spring fair and fillers: a store's first pass clusters twice. */
function canalStore(): Store {
  const store = openTestStore()
  seedRegion(store, 'US')
  const { entities, articles } = storiesAcrossTheHorizon()
  new IngestWriter(store).write({ entities, articles, observations: articles.map(seenInUs) })
  return store
}

const written = (store: Store) => ({
  trends: store.sqlite.prepare('SELECT label, state, article_count, daily_counts FROM trends ORDER BY label, article_count').all(),
  members: store.sqlite.prepare('SELECT t.label, a.article_id, a.role, a.assignment_score FROM trend_articles a JOIN trends t ON t.id = a.trend_id ORDER BY a.article_id').all(),
})

describe("a store's first pass whose clustering of every article on its own thread fails", () => {
  it('starts again and clusters here, writing what a pass that never started the thread writes', () => {
    const [plain, retried] = [canalStore(), canalStore()]
    try {
      refreshTrends(plain, NOW, { full: true })
      beside.failing = 1
      refreshTrends(retried, NOW, { full: true })
      expect(beside.started).toBe(1)
      expect(beside.failing).toBe(0)
      const expected = written(plain)
      expect(new Set(expected.members.filter((m) => (m as { article_id: string }).article_id.startsWith('c')).map((m) => (m as { label: string }).label)).size).toBe(1)
      expect(written(retried)).toEqual(expected)
    } finally {
      plain.close()
      retried.close()
    }
  })
})
