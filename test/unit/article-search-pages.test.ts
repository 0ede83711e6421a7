import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { importFile } from '../../electron/core/ingest/importer'
import type { ArticleListFilter } from '../../electron/core/store/repositories/articles'
import { openTestStore, tempDir } from '../helpers/core'

// A search for a common word pages by walking the sort key's index and keeping the matches
// (articles repository, list): every page must be the page that sorting all matches gives.
describe('pages of a search for a word most articles carry', () => {
  const store = openTestStore()
  beforeAll(async () => {
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({
        // a tie in time every third article, so the seq decides between them
        observed_at: new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3) * 3_600_000).toISOString(),
        country: i % 4 === 0 ? 'DE' : 'GB',
        position: 1 + (i % 9),
        estimated_impressions: ((i * 7919) % 1000) + 1,
        url: `https://news.example/story-${i}`,
        title: i % 3 === 2 ? `Weather report number ${i}` : `Bank results number ${i}`,
        lang: 'en',
      }),
    )
    const file = path.join(tempDir(), 'feed.ndjson')
    fs.writeFileSync(file, lines.join('\n') + '\n')
    await importFile(store, file)
  }, 30_000)

  const reference = (f: ArticleListFilter) => {
    const dir = f.sortOrder === 'asc' ? 'ASC' : 'DESC'
    const key = { last_seen_at: 'last_seen', first_seen_at: 'first_seen', impressions: 'impressions', published_at: 'published_at' }[f.sortBy]
    const region = f.region === undefined ? '' : `AND s.region = '${f.region}'`
    return store.sqlite
      .prepare(
        `SELECT s.article_seq FROM articles_fts x CROSS JOIN article_facets s ON s.article_seq = x.rowid WHERE articles_fts MATCH 'bank' ${region}
         ORDER BY s.${key} ${dir}, s.article_seq ${dir} LIMIT ${f.limit} OFFSET ${f.offset}`,
      )
      .pluck()
      .all() as number[]
  }

  it('gives each page as sorting every match would, for every sort key, direction, filter and depth', () => {
    expect(store.counts().articles).toBe(300)
    let pages = 0
    for (const sortBy of ['last_seen_at', 'first_seen_at', 'impressions', 'published_at'] as const)
      for (const sortOrder of ['asc', 'desc'] as const)
        for (const region of [undefined, 'DE'])
          for (const offset of [0, 37, 150, 199]) {
            const f: ArticleListFilter = { countries: 'all', search: 'bank', region, sortBy, sortOrder, limit: 25, offset }
            const { rows, total } = store.articles.list(f)
            expect(total).toBe(region === undefined ? 200 : 50)
            expect(rows.map((r) => r.seq)).toEqual(reference(f))
            pages++
          }
    expect(pages).toBe(64)
  })
})
