import { openCore } from '../bootstrap'
import type { RestReport } from '../core'
import { ensureDemoLists, ensureDemoProject } from '../service/demo-project'
import type { DemoScale } from '../demo/scales'
import { startHttpServer } from '../http/server'
import { rendererDir } from '../paths/data-dir'
import { buildDemoWorld, describeSummary } from './demo-action'
import { signInLink } from './link'

/** With --log, statements slower than this are logged with their name. */
const SLOW_STATEMENT_MS = 50

export interface ServeOptions {
  dataDir?: string
  host: string
  port: number
  demo?: boolean
  scale: DemoScale
  seed: number
  cors?: boolean
  log?: boolean
  publicRequestsPerMinute: number
  /** seconds without a request before the process rests (Core.rest) */
  restAfter: number
}

/** What a rest gave back, for the log. */
const describeRest = (r: RestReport) =>
  `let go of ${r.answers} kept answers, ${(r.scratchBytes / 1_048_576).toFixed(1)} MiB of working arrays and ${r.hourCells} hourly cells (memory ${Math.round(r.rssBefore)} MiB before)`

/** `feedlens serve`: the loopback API and the web UI over the store of a data folder, until stopped. */
export async function serve(opts: ServeOptions): Promise<void> {
  const core = openCore({ dataDir: opts.dataDir, publicRequestsPerMinute: opts.publicRequestsPerMinute, restAfterMs: opts.restAfter * 1000 })
  if (opts.log) {
    core.store.logSlowStatements(SLOW_STATEMENT_MS, (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`))
    core.onRest = (r) => process.stderr.write(`${new Date().toISOString()} at rest: ${describeRest(r)}\n`)
  }
  let demoProjectId: string | null = null
  if (opts.demo) {
    const summary = buildDemoWorld(core, { scale: opts.scale, seed: opts.seed, end: core.now() })
    if (summary) process.stderr.write(`${describeSummary(summary)}\n`)
    const demo = ensureDemoProject(core.store, core.now())
    demoProjectId = summary ? (demo?.projectId ?? core.store.projects.all()[0]?.id ?? null) : null
    if (demo) {
      process.stdout.write(`Demo project created. Its API key (shown once, keep it): ${demo.keyValue}\n`)
    } else {
      process.stdout.write('The store already has a project; create a key with: feedlens keys create --name NAME\n')
    }
  }
  const ui = rendererDir()
  const server = await startHttpServer(core, {
    host: opts.host,
    port: opts.port,
    cors: opts.cors,
    rendererDir: ui,
    log: opts.log ? (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`) : undefined,
  })
  if (!ui) process.stderr.write('The web UI is not built (npm run build); serving the API only.\n')
  // scripts and `feedlens link` find the running server here
  core.store.settings.set('serve_url', server.url)
  // the link's session is written before the server says it listens: a script (or another
  // process taking the store's lock) acts on that line, and must not meet this write
  const link = ui ? signInLink(core, server.url) : null
  process.stdout.write(`Feedlens listening on ${server.url}\n`)
  if (server.networkUrls.length > 0) process.stdout.write(`Other machines reach it at ${server.networkUrls.join(', ')} (the API with a key; the web UI with a link of \`feedlens link --url\`)\n`)
  if (link) process.stdout.write(`Open the web UI (this link signs you in once): ${link}\n`)
  const startedAt = Date.now()
  void core
    .startBackgroundWork({
      // the demo project's example lists need the demo world's trends
      afterRefresh: demoProjectId ? () => ensureDemoLists(core.store, demoProjectId!, core.now()) : undefined,
    })
    // until then answers about trends and signals are from before (a store a day or more behind)
    .then((current) =>
      process.stdout.write(
        current
          ? `Trends and signals are up to date (${((Date.now() - startedAt) / 1000).toFixed(1)} s after the start).\n`
          : 'Trends and signals could not be brought up to date (the reason is above); tried again in a minute.\n',
      ),
    )
  const stop = async () => {
    await server.close()
    core.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
