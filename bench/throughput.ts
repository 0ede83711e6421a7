/**
 * Requests a second through `feedlens serve` (the built CLI, on a copy of the world), keyed and
 * keyless, against a bare node:http server sending the same bytes: three rounds, taking turns, so
 * that the machine's drift falls on both alike.
 */
import autocannon from 'autocannon'
import path from 'node:path'
import type { DemoScale } from '../electron/core/demo/scales'
import { copyWorld, here, line, median, n, serveFolder, startProcess } from './lib'

const ROUNDS = 3

async function rate(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: 8, pipelining: 1, headers })
  return result.requests.average
}

export interface ThroughputResults {
  keyed: { feedlens: number[]; bare: number[]; share: number }
  keyless: { feedlens: number[]; bare: number[]; share: number }
  bytes: { keyed: number; keyless: number }
}

export async function measureThroughput(scale: DemoScale): Promise<ThroughputResults> {
  const copy = await copyWorld(scale)
  // the keyless limit lifted for the run (the bench's own setting; the default stays 1,200 a minute)
  const server = await serveFolder(copy.dir, ['--public-requests-per-minute', '1000000000'])
  // throughput of a server at work, not of one catching up: the start's refresh (a store days behind the clock) is waited out and reported
  const ready = await server.waitForLine(/^Trends and signals are up to date/, 300_000)
  line(`  ${ready}`)
  const keyedUrl = `${server.url}/v1/trends?limit=20`
  const keylessUrl = `${server.url}/public/discover/volatility`
  const bytesOf = async (url: string, headers: Record<string, string> = {}) => Buffer.from(await (await fetch(url, { headers })).arrayBuffer())
  const keyedBody = await bytesOf(keyedUrl, { 'X-API-Key': copy.key })
  const keylessBody = await bytesOf(keylessUrl)
  const bare = (body: Buffer) => startProcess(['--import', 'tsx', path.join(here, 'public-server.ts'), 'bare', body.toString('base64')], /^(\d+)\n/)
  const bareKeyed = await bare(keyedBody)
  const bareKeyless = await bare(keylessBody)
  const result: ThroughputResults = {
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
