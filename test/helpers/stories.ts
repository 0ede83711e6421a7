import { exampleArticle } from './core'

/** A US sighting of an article half an hour after it was published. */
export const seenInUs = (a: { id: string; publishedAt: string }) => ({ articleId: a.id, country: 'US', observedAt: a.publishedAt.replace(':00:00Z', ':30:00Z'), position: 1, estimatedImpressions: 100 })

/**
 * A store's data whose story crosses a full pass's horizon (early May, with the clock in late
 * November), so that its first pass clusters twice: the canal story (a report every other day from
 * March to November, with its entity), the spring fair (late May) and one-off filler headlines.
 */
export function storiesAcrossTheHorizon() {
  const canal = Array.from({ length: 131 }, (_, i) => ({
    ...exampleArticle(`c${i + 1}`, `canal-${i + 1}`, `Canal lock expansion works continue on schedule, report ${i + 1}`, new Date(Date.UTC(2026, 2, 2 + 2 * i, 8)).toISOString().replace('.000Z', 'Z'), '/Business/Economy'),
    entities: [{ id: '/m/canal', score: 0.9 }],
  }))
  const fair = [1, 2, 3, 4].map((n) => exampleArticle(`s${n}`, `fair-${n}`, `Spring orchid fair draws record crowds, day ${n}`, `2026-05-${24 + n}T08:00:00Z`, '/Lifestyle/Garden'))
  const filler = Array.from({ length: 80 }, (_, n) => exampleArticle(`f${n}`, `filler-${n}`, `Quarterly${n} ledger${n} notice${n}`, `2026-11-${String(1 + (n % 18)).padStart(2, '0')}T06:00:00Z`, '/News'))
  return { entities: [{ id: '/m/canal', name: 'Canal', type: 'Place' }], articles: [...canal, ...fair, ...filler] }
}
