/**
 * How long each screen of the window takes to be ready in Chromium with its CPU slowed 4x (a
 * modest laptop on battery): from the navigation to the screen's data drawn (its tables' rows,
 * its charts' canvases, nothing left busy), on `feedlens serve` over a copy of the world.
 */
import { chromium } from 'playwright-core'
import type { DemoScale } from '../electron/core/demo/scales'
import { copyWorld, line, ms, serveFolder, timing, worldFile, type Timing } from './lib'
import Database from 'better-sqlite3'

/** Each screen's time to ready: opened as a link (a full page load), and reached inside the window (its code loaded). */
export type ScreenResults = Record<string, { link: Timing; inApp: Timing }>

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

export async function measureScreens(scale: DemoScale): Promise<ScreenResults> {
  const world = await copyWorld(scale)
  const source = new Database(worldFile(scale), { readonly: true })
  const trend = source.prepare('SELECT id FROM trends ORDER BY article_count DESC LIMIT 1').pluck().get() as string
  const list = source.prepare(`SELECT id FROM tracking_lists WHERE kind = 'entity' ORDER BY created_at LIMIT 1`).pluck().get() as string | undefined
  source.close()
  const server = await serveFolder(world.dir)
  const results: ScreenResults = {}
  const browser = await chromium.launch({ executablePath: process.env.FEEDLENS_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] })
  try {
    // the start's recompute of trends and signals (the world ends before today) is done first
    await server.waitForLine(/Trends and signals are up to date/, 600_000)
    const link = await server.waitForLine(/signs you in once/, 1_000)
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(/(http:\/\/\S+)/.exec(link)![1]!)
    await page.waitForSelector('nav.sidebar')
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
  return results
}
