import { SingleBar, Presets } from 'cli-progress'
import { openCore } from '../bootstrap'
import { ensureDemoLists, ensureDemoProject, ensureDemoWorld } from '../service/demo-project'
import type { DemoSummary } from '../demo/generate'
import type { DemoScale } from '../demo/scales'
import { beginRefresh, refreshAnalyticsAndWait, type BegunRefresh } from '../jobs/refresh'
import { refreshThreadOf, stopRefreshThread } from '../jobs/refresh-thread'
import { scanDueMentionLists } from '../jobs/mention-scan'

/** Builds the demo world with a progress bar on stderr (when it is a terminal). */
export function buildDemoWorld(
  core: ReturnType<typeof openCore>,
  options: { scale: DemoScale; seed: number; end: Date },
  beforeIndexes?: (summary: DemoSummary) => void,
): DemoSummary | null {
  const bar = process.stderr.isTTY ? new SingleBar({ format: 'Building the demo world |{bar}| {value}/{total} days', hideCursor: true }, Presets.shades_classic) : null
  let started = false
  try {
    return ensureDemoWorld(core.store, {
      ...options,
      onProgress: (done, total) => {
        if (!bar) return
        if (!started) {
          bar.start(total, 0)
          started = true
        }
        bar.update(done)
      },
    }, beforeIndexes)
  } finally {
    if (started) bar?.stop()
  }
}

export function describeSummary(s: DemoSummary): string {
  return (
    `Demo world (${s.scale}, seed ${s.seed}): ${s.countries} countries, ${s.publishers} publishers, ${s.storylines} storylines, ` +
    `${s.articles.toLocaleString('en-US')} articles, ${s.observations.toLocaleString('en-US')} observations, ` +
    `${s.from.slice(0, 10)} to ${s.to.slice(0, 16).replace('T', ' ')} UTC.`
  )
}

export interface DemoOptions {
  scale: DemoScale
  seed: number
  end?: Date
  dataDir?: string
}

/** `feedlens demo`: the demo world, its project and example lists, built into an empty store. */
export async function buildDemo(opts: DemoOptions): Promise<void> {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const started = Date.now()
    // the world and its trends and signals as of one instant
    const end = opts.end ?? core.now()
    // On the refresh thread, as the other commands that wait for their refresh: its young
    // generation took the large world's analytics from 170 to 142 s. Once this thread's heap was
    // the world's (its records were made here) and the thread's pass beside it held 0.5 GB more;
    // the records are made on their own worker now, gone when the days are written
    // (docs/performance.md, sessions 25 and 27). It begins as soon as the world is written: its
    // first half-minute at large reads the articles, while this thread makes the indexes (session 50).
    const thread = refreshThreadOf(core.store)
    let begun: BegunRefresh | null = null
    const summary = buildDemoWorld(core, { scale: opts.scale, seed: opts.seed, end }, (written) => {
      // the bar has ended; what follows takes longer still at large (about three minutes there)
      process.stderr.write(`${written.articles.toLocaleString('en-US')} articles written; computing trends, signals and the activity index...\n`)
      if (thread) begun = beginRefresh(thread, end)
    })
    if (!summary) throw new Error('This store already has articles; the demo world is built into an empty store only (use another --data-dir).')
    const project = ensureDemoProject(core.store, core.now())
    await refreshAnalyticsAndWait(core.store, end, thread, begun)
    const projectId = project?.projectId ?? core.store.projects.all()[0]?.id
    if (projectId) {
      ensureDemoLists(core.store, projectId, core.now())
      scanDueMentionLists(core.store, () => core.now())
    }
    process.stderr.write(`${describeSummary(summary)} Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`)
    if (project) process.stdout.write(`Demo project created, with example tracking lists. Its API key (shown once, keep it): ${project.keyValue}\n`)
  } finally {
    // (a build that failed after its refresh began stops it here)
    await stopRefreshThread(core.store)
    core.store.close()
  }
}
