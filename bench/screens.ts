/**
 * How long each screen of the window takes to be ready in Chromium with its CPU slowed 4x (a
 * modest laptop on battery): from the navigation to the screen's data drawn (its tables' rows,
 * its charts' canvases, nothing left busy), on `feedlens serve` over a copy of the world.
 */
import { chromium } from 'playwright-core'
import type { DemoScale } from '../electron/core/demo/scales'
import { copyWorld, END, here, line, ms, serveFolder, timing, worldFile, type Timing } from './lib'
import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** Each screen's time to ready: opened as a link (a full page load), and reached inside the window (its code loaded). */
export type ScreenResults = Record<string, { link: Timing; inApp: Timing }>

/** The JavaScript the first screen (Trends, opened as a link) loads, gzipped as a server sends it: its files and their sum. */
export interface FirstScreenJs {
  files: Array<{ file: string; gzipBytes: number }>
  gzipBytes: number
}

/** The goal for the first screen's JavaScript, gzipped (issue 49). */
export const FIRST_SCREEN_JS_GOAL = 350 * 1024

/** Run in the page: the scripts it loaded (their addresses). */
function loadedScripts(): string[] {
  const p = (globalThis as unknown as { performance: { getEntriesByType(t: string): Array<{ name: string; initiatorType: string }> } }).performance
  return p.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).map((e) => e.name)
}

/** The first screen's JavaScript: each script it loaded (the entry's and the modules it imported) gzipped at the highest level. */
export function firstScreenJs(urls: readonly string[], rendererDir = path.resolve(here, '../out/renderer')): FirstScreenJs {
  const files = [...new Set(urls.map((u) => new URL(u).pathname))].map((p) => {
    const file = path.join(rendererDir, p)
    return { file: p, gzipBytes: fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0 }
  })
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}

const CPU_SLOWDOWN = 4
const VISITS = 9

/** What shows a screen is ready: an element for each selector. */
const readyWhen = (...selectors: string[]) => selectors

/** Run in the page: opens a path inside the window, as a click on a link of it does (the address changes, the app follows). */
function openInApp(path: string): void {
  const w = globalThis as unknown as { history: { pushState(s: unknown, t: string, u: string): void }; dispatchEvent(e: unknown): void; PopStateEvent: new (type: string) => unknown }
  w.history.pushState(null, '', path)
  w.dispatchEvent(new w.PopStateEvent('popstate'))
}

/** Run in the page (as a function: the window's content security policy allows no eval): the selectors each have an element, and nothing is busy. */
function isReady(selectors: string[]): boolean {
  const document = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document
  return selectors.every((s) => document.querySelector(s)) && !document.querySelector('[aria-busy="true"], .skeleton-row')
}

export async function measureScreens(scale: DemoScale): Promise<{ screens: ScreenResults; firstScreenJs: FirstScreenJs | null }> {
  const world = await copyWorld(scale)
  const source = new Database(worldFile(scale), { readonly: true })
  const trend = source.prepare('SELECT id FROM trends ORDER BY article_count DESC LIMIT 1').pluck().get() as string
  const list = source.prepare(`SELECT id FROM tracking_lists WHERE kind = 'entity' ORDER BY created_at LIMIT 1`).pluck().get() as string | undefined
  source.close()
  const server = await serveFolder(world.dir)
  const results: ScreenResults = {}
  let firstJs: FirstScreenJs | null = null
  const browser = await chromium.launch({ executablePath: process.env.FEEDLENS_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] })
  try {
    // the start's recompute of trends and signals (the world ends before today) is done first
    await server.waitForLine(/Trends and signals are up to date/, 600_000)
    const link = await server.waitForLine(/signs you in once/, 1_000)
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(/(http:\/\/\S+)/.exec(link)![1]!)
    await page.waitForSelector('nav.sidebar')
    // the first screen's code: what a link to Trends loads before its rows and charts are drawn
    await page.goto(`${server.url}/trends`)
    await page.waitForFunction(isReady, readyWhen('table[aria-label="Trends"] tbody tr', '.card canvas'), { timeout: 60_000, polling: 20 })
    firstJs = firstScreenJs(await page.evaluate(loadedScripts))
    line(`  first screen's JavaScript, gzipped: ${(firstJs.gzipBytes / 1024).toFixed(1)} KB in ${firstJs.files.length} files (goal at most ${FIRST_SCREEN_JS_GOAL / 1024} KB)`)
    // From here the window's clock stands where the world ends, as the bench's does: its periods
    // ("7 days") count back from the browser's today, and the world's days do not move with the
    // calendar (a week after END, "7 days" held no article). After the scripts are counted: the
    // clock stands in for the page's performance entries too.
    await page.clock.setFixedTime(END)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const screens: Array<[string, string, string[]]> = [
      ['Trends (treemap, list)', '/trends', readyWhen('table[aria-label="Trends"] tbody tr', '.card canvas')],
      ['Trends: the busiest trend\'s card', `/trends/${trend}`, readyWhen('.split .card h2', '.role-group')],
      ['Articles, 7 days by impressions', '/articles?period=7d&sort_by=impressions', readyWhen('table[aria-label="Articles"] tbody tr')],
      ['Signals (volatility, format groups)', '/signals', readyWhen('[aria-label="Volatility of the feed"] canvas', '.multiple svg path', 'table[aria-label="Top categories"] tbody tr')],
      ['Geography (map, markets)', '/geography', readyWhen('[aria-label^="World map"] canvas', 'table[aria-label="Regions"] tbody tr')],
      ...(list ? [['Tracking: a list\'s metrics', `/tracking/${list}/metrics`, readyWhen('table[aria-label="Metrics"] tbody tr')] as [string, string, string[]]] : []),
      ['Publishers: a name search with performance', '/publishers?mode=search&q=herald', readyWhen('table[aria-label="Publisher profiles"] tbody tr')],
      ['Winners and losers, 7 days against the week before', '/leaders', readyWhen('table[aria-label="Winners and losers"] tbody tr')],
      ['Signals compared with the period before', '/signals?versus=previous', readyWhen('[aria-label="Volatility of the feed"] canvas', 'table[aria-label="Format interest"] tbody tr')],
      ['My site (the demo site, 30 days)', '/site', readyWhen('[aria-label^="Clicks of"] canvas')],
      ['Alerts (inbox and rules)', '/alerts', readyWhen('form[aria-label="New alert"]', '[aria-label="Alerts"], .empty-state')],
    ]
    for (const [name, path, ready] of screens) {
      const link: number[] = []
      const inApp: number[] = []
      for (let visit = 0; visit < VISITS; visit++) {
        await page.goto('about:blank')
        let started = performance.now()
        await page.goto(`${server.url}${path}`)
        await page.waitForFunction(isReady, ready, { timeout: 60_000, polling: 20 })
        link.push(performance.now() - started)
        // from another screen of the window (Settings, which has none of these rows or charts)
        await page.evaluate(openInApp, '/settings')
        await page.waitForSelector('h1:text-is("Settings")')
        started = performance.now()
        await page.evaluate(openInApp, path)
        await page.waitForFunction(isReady, ready, { timeout: 60_000, polling: 20 })
        inApp.push(performance.now() - started)
      }
      results[name] = { link: timing(link), inApp: timing(inApp) }
      line(`  ${name.padEnd(46)} as a link p50 ${ms(results[name].link.p50).padStart(10)}, inside the window p50 ${ms(results[name].inApp.p50).padStart(10)}  (${VISITS} visits, CPU ${CPU_SLOWDOWN}x slower)`)
    }
  } finally {
    await browser.close()
    await server.stop()
    world.remove()
  }
  return { screens: results, firstScreenJs: firstJs }
}
