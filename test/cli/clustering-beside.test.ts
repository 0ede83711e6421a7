import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { words, type ClusterInput } from '../../electron/core/analytics/trends/cluster'
import { clusterTwiceSteps } from '../../electron/core/analytics/trends/two-clusterings'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { clusteringBeside, forgetClusteringFailure } from '../../electron/core/jobs/clustering-beside'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { RefreshThread } from '../../electron/core/jobs/refresh-thread'
import { runSteps, runStepsInBackground } from '../../electron/core/steps'
import type { Store } from '../../electron/core/store/store'
import { exampleArticle, openTestStore, seedRegion, tempDir } from '../helpers/core'
import { seenInUs, storiesAcrossTheHorizon } from '../helpers/stories'

// The built workers (npm test builds first), as a store's first pass starts them.
const WORKER = pathToFileURL(path.resolve(__dirname, '../../out/main/first-clustering-worker.js'))
const REFRESH_WORKER = pathToFileURL(path.resolve(__dirname, '../../out/main/refresh-worker.js'))
const NOW = new Date('2026-11-20T12:00:00.000Z')

/** Three stories and one-off headlines over two months, as a full pass reads them. */
function storyInputs(): ClusterInput[] {
  const input = (n: number, text: string, section: string, entity?: string): ClusterInput => ({
    key: n + 1,
    time: 1_775_000_000 + n * 21_600,
    words: words(text),
    entities: entity ? [{ id: entity, score: 0.8 }] : [],
    section,
    market: null,
  })
  return Array.from({ length: 240 }, (_, n) =>
    n % 4 === 0
      ? input(n, `Harbour bridge reopens after storm repairs, part ${n}`, '/Business', '/m/harbour')
      : n % 4 === 1
        ? input(n, `Volcano eruption forces island evacuation, update ${n}`, '/Science')
        : n % 4 === 2
          ? input(n, `Coalition talks stall over budget, round ${n}`, '/Politics', '/m/coalition')
          : input(n, `Quarterly${n} ledger${n} notice${n}`, '/News'),
  )
}

describe('the clustering of every article on a thread of its own', () => {
  it('gives the assignments the same clustering gives here, waited for at once or between steps, and its inputs are a copy', async () => {
    const inputs = storyInputs()
    const here = runSteps(clusterTwiceSteps(inputs)).assignments
    expect(new Set(here.map((a) => a.cluster)).size).toBeGreaterThan(3)
    const atOnce = clusteringBeside(inputs, Infinity, WORKER)!
    // the caller keeps only the later articles, as a first pass does, while the worker clusters them all
    const kept = inputs.slice()
    inputs.length = 10
    expect(runSteps(atOnce.assignments())).toEqual(here)
    const between = clusteringBeside(kept, Infinity, WORKER)!
    expect(await runStepsInBackground(between.assignments())).toEqual(here)
  })

  it('places only the articles before the time it is given, as the same clustering does here', () => {
    const inputs = storyInputs()
    const before = inputs[120]!.time
    const here = runSteps(clusterTwiceSteps(inputs, before)).assignments
    expect(here.length).toBe(120)
    expect(runSteps(clusteringBeside(inputs, before, WORKER)!.assignments())).toEqual(here)
  })

  it('gives none when the worker fails (the pass then starts again), and this thread starts no such worker after it', async () => {
    const broken = path.join(tempDir(), 'broken-clustering.mjs')
    fs.writeFileSync(broken, `import { workerData } from 'node:worker_threads'\nworkerData.channel.port.postMessage({ error: 'out of memory' })\nAtomics.add(workerData.channel.counts, 0, 1)\nAtomics.notify(workerData.channel.counts, 0)\n`)
    try {
      expect(runSteps(clusteringBeside(storyInputs(), Infinity, pathToFileURL(broken))!.assignments())).toBeNull()
      expect(clusteringBeside(storyInputs(), Infinity, WORKER)).toBeNull()
      forgetClusteringFailure()
      expect(await runStepsInBackground(clusteringBeside(storyInputs(), Infinity, pathToFileURL(broken))!.assignments())).toBeNull()
    } finally {
      forgetClusteringFailure()
    }
  })

  it('is none where there is no built worker (the sources): the pass clusters every article first, here', () => {
    expect(clusteringBeside(storyInputs(), Infinity, null)).toBeNull()
  })
})

/** The stories across the horizon, and a harbour story in February. */
function storeAcrossTheHorizon(): string {
  const file = path.join(tempDir(), 'feedlens.db')
  const store = openTestStore(file)
  seedRegion(store, 'US')
  const { entities, articles: stories } = storiesAcrossTheHorizon()
  const harbour = [1, 2, 3, 4].map((n) => exampleArticle(`h${n}`, `harbour-${n}`, `Harbour bridge reopens after storm repairs, part ${n}`, `2026-02-${String(10 + n).padStart(2, '0')}T08:00:00Z`, '/Business/Economy'))
  const articles = [...stories, ...harbour]
  new IngestWriter(store).write({ entities, articles, observations: articles.map(seenInUs) })
  store.close()
  return file
}

const computed = (store: Store) => ({
  trends: store.sqlite.prepare('SELECT label, state, article_count, daily_counts FROM trends ORDER BY label, article_count').all(),
  members: store.sqlite.prepare('SELECT t.label, a.article_id, a.role, a.assignment_score FROM trend_articles a JOIN trends t ON t.id = a.trend_id ORDER BY a.article_id').all(),
  early: store.sqlite.prepare('SELECT article_count, sums FROM trend_early ORDER BY sums').all(),
})

describe("a store's first pass on the refresh thread (its clustering of every article on a thread of its own)", () => {
  it('writes what the same pass writes on the calling thread: the canal story one trend across the horizon', async () => {
    const here = openTestStore(storeAcrossTheHorizon())
    const onThread = openTestStore(storeAcrossTheHorizon())
    const thread = new RefreshThread(REFRESH_WORKER, onThread.openOptions)
    try {
      refreshAnalytics(here, NOW)
      // the thread tells when both clusterings are done (the one beside too), before the pass is
      const heard: Array<{ milestone: string; done: boolean }> = []
      let done = false
      await thread.refresh(NOW, false, (milestone) => heard.push({ milestone, done })).then(() => (done = true))
      expect(heard).toEqual([{ milestone: 'second-core-free', done: false }])
      const expected = computed(here)
      const canal = expected.members.filter((m) => (m as { article_id: string }).article_id.startsWith('c'))
      expect(new Set(canal.map((m) => (m as { label: string }).label)).size).toBe(1)
      expect(expected.early.length).toBeGreaterThan(0)
      expect(computed(onThread)).toEqual(expected)
    } finally {
      await thread.stop()
      here.close()
      onThread.close()
    }
  })
})
