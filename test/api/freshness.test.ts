import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importFile } from '../../electron/core/ingest/importer'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { makeWorld, tempDir } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'

/** Older data imported without a refresh: three German articles of October, seen in their feed. */
function olderFile(): string {
  const rows = [0, 1, 2].flatMap((i) => [
    { observed_at: `2026-10-0${i + 1}T08:00:00Z`, country: 'DE', position: i + 1, estimated_impressions: 300, url: `https://zeitung.de/oktober-${i}`, title: `Oktoberfest beginnt ${i}`, lang: 'de' },
    { observed_at: `2026-10-0${i + 1}T11:00:00Z`, country: 'DE', position: i + 2, estimated_impressions: 200, url: `https://zeitung.de/oktober-${i}` },
  ])
  const file = path.join(tempDir(), 'october.ndjson')
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'))
  return file
}

const trendedArticles = (w: ReturnType<typeof makeWorld>) => w.store.sqlite.prepare('SELECT count(*) FROM trend_articles').pluck().get() as number

describe('analytics that fall behind the data stay marked until a refresh completes', () => {
  it('resumes the refresh on the next start after an import without one (of older data)', async () => {
    const file = path.join(tempDir(), 'feedlens.db')
    const first = makeWorld({ file })
    seedFixture(first.store, first.projectId, { refreshed: false })
    expect(first.store.freshness.behind()).toBe(true)
    refreshAnalytics(first.store, first.now())
    expect(first.store.freshness.behind()).toBe(false)
    expect(first.store.freshness.staleSince()).toBeNull()
    const before = trendedArticles(first)
    // like `feedlens import --no-refresh`: older data leaves the newest observation where it was
    await importFile(first.store, olderFile())
    expect(first.store.freshness.behind()).toBe(true)
    expect(first.store.freshness.staleSince()).not.toBeNull()
    first.core.close()

    const next = makeWorld({ file })
    await next.core.startBackgroundWork({ log: () => {} })
    expect(next.store.freshness.behind()).toBe(false)
    expect(trendedArticles(next)).toBe(before + 3)
    next.core.close()
  })

  it('resumes a refresh that was cut off (the process ended during it)', async () => {
    const file = path.join(tempDir(), 'feedlens.db')
    const first = makeWorld({ file })
    seedFixture(first.store, first.projectId, { refreshed: false })
    const refresh = first.core.startBackgroundWork({ log: () => {} })
    first.core.close() // before the refresh's first step: it stops where it is
    await refresh
    const next = makeWorld({ file })
    expect(next.store.freshness.behind()).toBe(true)
    // still the fixture's two hand-made trend members: nothing was computed
    expect(trendedArticles(next)).toBe(2)
    await next.core.startBackgroundWork({ log: () => {} })
    expect(next.store.freshness.behind()).toBe(false)
    expect(trendedArticles(next)).toBe(3)
    next.core.close()
  })
})
