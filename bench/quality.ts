/**
 * How well trends tell stories (issue 19): B-cubed against the known storylines, label fit and
 * the most storylines one trend mixes, on the UCI headlines (entities found in the text) and on
 * the demo world of the scale measured.
 */
import path from 'node:path'
import { storylineQuality, type StorylineQuality } from '../electron/core/analytics/trends/quality'
import { importFile } from '../electron/core/ingest/importer'
import { refreshTrends } from '../electron/core/jobs/trends'
import { Store } from '../electron/core/store/store'
import { END, line, MIGRATIONS, n } from './lib'

export interface QualityResults {
  uci: StorylineQuality
  demo: StorylineQuality
}

const UCI = path.resolve(import.meta.dirname, '../test/fixtures/uci-news-dev.csv')

const show = (what: string, q: StorylineQuality) =>
  line(
    `  ${what} (${n(q.articles)} articles, ${n(q.storylines)} storylines, ${n(q.trends)} trends): B-cubed P ${q.precision.toFixed(3)} R ${q.recall.toFixed(3)} ` +
      `F1 ${q.f1.toFixed(3)}; label fit ${(q.labelFit * 100).toFixed(0)}% of ${q.labelled} trends of 5+ articles; ` +
      `at most ${q.maxStorylines} storylines in one trend, ${q.catchAlls} trends with 5 or more`,
  )

export async function measureQuality(world: Store, trendsFresh: boolean): Promise<QualityResults> {
  const store = Store.open({ file: ':memory:', migrationsFolder: MIGRATIONS })
  try {
    await importFile(store, UCI)
    refreshTrends(store, new Date('2014-03-13T00:00:00Z'))
    const uci = storylineQuality(store.trends.storylineMembers())
    show('UCI headlines', uci)
    // the world's trends as this code computes them (the trends part has just done so)
    if (!trendsFresh) refreshTrends(world, END, { full: true })
    const demo = storylineQuality(world.trends.storylineMembers())
    show('demo world', demo)
    return { uci, demo }
  } finally {
    store.close()
  }
}
