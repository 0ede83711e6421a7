import { afterAll, describe, expect, it } from 'vitest'
import { makeWorld } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'

const world = makeWorld()
seedFixture(world.store, world.projectId)
afterAll(() => world.core.close())

describe('the topic of each article the topic volatility counts', () => {
  const db = world.store.sqlite
  // what it is by definition: the article's trend's topic, the article found by its id
  const byArticleId = () =>
    new Map(
      db
        .prepare(`SELECT a.seq, tp.label FROM trend_articles ta JOIN trends t ON t.id = ta.trend_id JOIN topics tp ON tp.id = t.topic_id JOIN articles a ON a.id = ta.article_id`)
        .raw()
        .all() as Array<[number, string]>,
    )

  it("is its trend's topic, by the member's seq, and by its article's id for a member written without a seq", () => {
    const expected = byArticleId()
    expect(expected.size).toBeGreaterThanOrEqual(2)
    expect(world.store.signalWriter.topicsOfArticles()).toEqual(expected)
    // members written before the seq was kept beside the id (migration 0013) have none
    const cleared = db.prepare(`UPDATE trend_articles SET article_seq = NULL WHERE rowid = (SELECT min(rowid) FROM trend_articles)`).run().changes
    expect(cleared).toBe(1)
    expect(world.store.signalWriter.topicsOfArticles()).toEqual(expected)
  })
})
