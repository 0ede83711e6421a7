import { describe, expect, it, vi } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshTrends } from '../../electron/core/jobs/trends'
import type { Store } from '../../electron/core/store/store'
import { exampleArticle, openTestStore, seedRegion } from '../helpers/core'

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
  const canal = Array.from({ length: 131 }, (_, i) => ({
    ...exampleArticle(`c${i + 1}`, `canal-${i + 1}`, `Canal lock expansion works continue on schedule, report ${i + 1}`, new Date(Date.UTC(2026, 2, 2 + 2 * i, 8)).toISOString().replace('.000Z', 'Z'), '/Business/Economy'),
    entities: [{ id: '/m/canal', score: 0.9 }],
  }))
  const fair = [1, 2, 3, 4].map((n) => exampleArticle(`s${n}`, `fair-${n}`, `Spring orchid fair draws record crowds, day ${n}`, `2026-05-${24 + n}T08:00:00Z`, '/Lifestyle/Garden'))
  const filler = Array.from({ length: 80 }, (_, n) => exampleArticle(`f${n}`, `filler-${n}`, `Quarterly${n} ledger${n} notice${n}`, `2026-11-${String(1 + (n % 18)).padStart(2, '0')}T06:00:00Z`, '/News'))
  const articles = [...canal, ...fair, ...filler]
  const seen = (a: { id: string; publishedAt: string }) => ({ articleId: a.id, country: 'US', observedAt: a.publishedAt.replace(':00:00Z', ':30:00Z'), position: 1, estimatedImpressions: 100 })
  new IngestWriter(store).write({ entities: [{ id: '/m/canal', name: 'Canal', type: 'Place' }], articles, observations: articles.map(seen) })
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
