/**
 * Requests a second through `feedlens serve` (the built CLI, on a copy of the world), keyed and
 * keyless, against a bare node:http server sending the same bytes: three rounds, taking turns, so
 * that the machine's drift falls on both alike. Before them, how reads are answered while the
 * server's start brings the copy's trends and signals up to date (a copy whose data is newer than
 * its analytics, as after `import --no-refresh` or an upgrade).
 */
import autocannon from 'autocannon'
import path from 'node:path'
import type { DemoScale } from '../electron/core/demo/scales'
import { copyWorld, here, line, median, n, serveFolder, showTiming, startProcess, timing, type Timing } from './lib'

const ROUNDS = 3
const COUNTRIES = ['US', 'DE', 'FR', 'ES', 'RU']

async function rate(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: 8, pipelining: 1, headers })
  return result.requests.average
}

export interface ThroughputResults {
  /** reads one after the other (a pause of 50 ms between them) while the start's refresh ran, and how long it ran (s) */
  duringCatchUp: { reads: Timing; seconds: number }
  keyed: { feedlens: number[]; bare: number[]; share: number }
  keyless: { feedlens: number[]; bare: number[]; share: number }
  bytes: { keyed: number; keyless: number }
}

export async function measureThroughput(scale: DemoScale): Promise<ThroughputResults> {
  const copy = await copyWorld(scale, { analyticsBehind: true })
  // the keyless limit lifted for the run (the bench's own setting; the default stays 1,200 a minute)
  const server = await serveFolder(copy.dir, ['--public-requests-per-minute', '1000000000'])
  // throughput of a server at work, not of one catching up: the start's refresh is waited out, and reads meanwhile timed
  let caughtUp = false
  const ready = server.waitForLine(/^Trends and signals are up to date/, 600_000).finally(() => (caughtUp = true))
  const catchUpStarted = performance.now()
  const times: number[] = []
  for (let k = 0; !caughtUp; k++) {
    // another page of trends, or another country's volatility, each time
    const [url, headers] = k % 2 === 0 ? [`${server.url}/v1/trends?limit=20&offset=${(k * 10) % 400}`, { 'X-API-Key': copy.key }] : [`${server.url}/public/discover/volatility?country=${COUNTRIES[k % COUNTRIES.length]}&t=${k}`, {}]
    const started = performance.now()
    await (await fetch(url, { headers })).arrayBuffer()
    times.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  line(`  ${await ready}`)
  const duringCatchUp = { reads: timing(times), seconds: (performance.now() - catchUpStarted) / 1000 }
  line(`  ${'reads meanwhile (trends pages, volatility by country)'.padEnd(58)} ${showTiming(duringCatchUp.reads)}`)
  const keyedUrl = `${server.url}/v1/trends?limit=20`
  const keylessUrl = `${server.url}/public/discover/volatility`
  const bytesOf = async (url: string, headers: Record<string, string> = {}) => Buffer.from(await (await fetch(url, { headers })).arrayBuffer())
  const keyedBody = await bytesOf(keyedUrl, { 'X-API-Key': copy.key })
  const keylessBody = await bytesOf(keylessUrl)
  const bare = (body: Buffer) => startProcess(['--import', 'tsx', path.join(here, 'public-server.ts'), 'bare', body.toString('base64')], /^(\d+)\n/)
  const bareKeyed = await bare(keyedBody)
  const bareKeyless = await bare(keylessBody)
  const result: ThroughputResults = {
    duringCatchUp,
    keyed: { feedlens: [], bare: [], share: 0 },
    keyless: { feedlens: [], bare: [], share: 0 },
    bytes: { keyed: keyedBody.length, keyless: keylessBody.length },
  }
  try {
    for (let round = 0; round < ROUNDS; round++) {
      result.keyed.feedlens.push(await rate(keyedUrl, { 'X-API-Key': copy.key }))
      result.keyed.bare.push(await rate(`http://127.0.0.1:${bareKeyed.url}/`, { 'X-API-Key': copy.key }))
      result.keyless.feedlens.push(await rate(keylessUrl))
      result.keyless.bare.push(await rate(`http://127.0.0.1:${bareKeyless.url}/`))
    }
  } finally {
    await Promise.all([server.stop(), bareKeyed.stop(), bareKeyless.stop()])
    copy.remove()
  }
  for (const kind of ['keyed', 'keyless'] as const) result[kind].share = median(result[kind].feedlens) / median(result[kind].bare)
  const show = (name: string, r: ThroughputResults['keyed'], bytes: number) =>
    line(
      `  ${name.padEnd(38)} Feedlens ${r.feedlens.map(n).join(' / ')} req/s, bare node:http ${r.bare.map(n).join(' / ')} req/s: ` +
        `${(r.share * 100).toFixed(0)}% (medians; ${n(bytes)} bytes a response)`,
    )
  line(`  autocannon, 50 connections, 8 s a run, ${ROUNDS} rounds taking turns; the server and the load share the machine's cores:`)
  show('GET /v1/trends?limit=20 (X-API-Key)', result.keyed, result.bytes.keyed)
  show('GET /public/discover/volatility', result.keyless, result.bytes.keyless)
  return result
}
