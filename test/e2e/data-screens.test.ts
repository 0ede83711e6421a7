import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpServer, type RunningServer } from '../../electron/core/http/server'
import { whenRefreshed } from '../../electron/core/jobs/refresh'
import { makeWorld, tempDir, type TestWorld } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'
import { RENDERER, SCREENSHOTS, signIn, useScreens } from './browser'

const UCI = path.resolve(__dirname, '../fixtures/uci-news-dev.csv')

describe('first start, import and the data screens in Chromium', () => {
  const screens = useScreens({ fixture: false })
  let world: TestWorld
  let server: RunningServer
  let page: Page
  let pageErrors: string[]
  beforeAll(() => ({ world, server, page, errors: pageErrors } = screens))

  it('imports the UCI file from Settings > Import with a summary', async () => {
    await page.goto(`${server.url}/settings`)
    await page.getByRole('region', { name: 'Empty store' }).waitFor()
    await page.screenshot({ path: path.join(SCREENSHOTS, 'first-start.png') })
    await page.getByLabel('File to import').setInputFiles(UCI)
    // The import's recompute is said while it runs (the window looks at each step of the job), and
    // the views follow when it ends. It is held open until the notice is seen: 3,149 headlines are
    // recomputed faster than the window looks (every 400 ms), and the notice then rightly never shows.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    whenRefreshed(world.store, async () => {
      await held
      await world.core.evaluateAlerts()
    })
    const notice = page.getByRole('status').filter({ hasText: 'Trends and signals are being recomputed' })
    try {
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await notice.waitFor({ timeout: 30_000 })
    } finally {
      release()
      whenRefreshed(world.store, () => world.core.evaluateAlerts())
    }
    const summary = page.locator('.import-summary')
    await summary.waitFor({ timeout: 30_000 })
    await notice.waitFor({ state: 'detached', timeout: 30_000 })
    await page.getByRole('region', { name: 'Empty store' }).waitFor({ state: 'detached' })
    const text = await summary.innerText()
    expect(text).toContain('3,149 rows, 3,149 articles')
    // the headlines came without entities: the summary tells how many got them from their text
    expect(text).toMatch(/entities found in the text of [\d,]+ articles/)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-import.png') })
    expect(world.store.counts().articles).toBe(3149)
  })

  it('syncs from another Feedlens from Settings > Sources, the key never shown again', async () => {
    const upstream = makeWorld()
    seedFixture(upstream.store, upstream.projectId)
    const other = await startHttpServer(upstream.core, { port: 0 })
    const before = world.store.counts().articles
    try {
      await page.goto(`${server.url}/settings`)
      const form = page.getByRole('form', { name: 'Add a source' })
      await form.getByLabel('Address').fill(other.url)
      await form.getByLabel('API key').fill(upstream.key)
      await form.getByLabel('Sync').selectOption({ label: 'every 3 hours' })
      await form.getByRole('button', { name: 'Add source' }).click()
      const row = page.getByRole('table', { name: 'Sources' }).locator('tbody tr')
      await expect.poll(() => row.innerText()).toContain('in the data folder')
      expect(await row.innerText()).toContain('every 3 hours')
      expect(await row.innerText()).toContain('Never synced.')
      expect(await page.content()).not.toContain(upstream.key)
      await row.getByRole('button', { name: 'Sync now' }).click()
      await expect.poll(() => page.locator('.import-summary').last().innerText(), { timeout: 20_000 }).toBe('Synced: 7 elements, 3 articles, 5 new observations.')
      await expect.poll(() => row.innerText()).toMatch(/3 articles, 5 new observations\./)
      await page.getByRole('table', { name: 'Sources' }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-sources.png') })
      await page.setViewportSize({ width: 1024, height: 700 })
      await page.getByRole('combobox', { name: /^Theme/ }).selectOption('dark')
      await page.getByRole('table', { name: 'Sources' }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-sources-dark-1024.png') })
      await page.getByRole('combobox', { name: /^Theme/ }).selectOption('system')
      await page.setViewportSize({ width: 1440, height: 900 })
      expect(world.store.counts().articles).toBe(before + 3)
    } finally {
      await other.close()
    }
  })

  it('searches the imported articles and opens one', async () => {
    await page.getByRole('link', { name: 'Articles' }).click()
    await page.getByPlaceholder('words in the title or text').fill('Plosser taper')
    await page.getByRole('button', { name: 'Search' }).click()
    const rows = page.getByRole('table', { name: 'Articles' }).locator('tbody tr')
    await rows.first().waitFor()
    expect(await rows.count()).toBeGreaterThan(0)
    for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toMatch(/plosser|taper/)
    await rows.first().click()
    expect(new URL(page.url()).pathname).toMatch(/^\/article\/[0-9a-f-]{36}$/)
    await page.locator('.card h2').nth(0).waitFor()
    await page.screenshot({ path: path.join(SCREENSHOTS, 'articles-search.png') })
  })

  // the demo world built from the first-start offer, kept for the screens after it
  let fresh: TestWorld
  let other: RunningServer
  afterAll(async () => {
    await other?.close()
    fresh?.store.close()
  })

  it('builds the demo world from the first-start offer', async () => {
    fresh = makeWorld({ file: path.join(tempDir(), 'feedlens.db') })
    other = await startHttpServer(fresh.core, { port: 0, rendererDir: RENDERER })
    {
      await signIn(page, fresh, other.url)
      await page.goto(other.url)
      await page.getByRole('button', { name: 'Build the demo world' }).click()
      await page.getByRole('progressbar', { name: 'Demo world progress' }).waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'demo-building.png') })
      await page.getByRole('region', { name: 'Empty store' }).waitFor({ state: 'detached', timeout: 90_000 })
      // 5 countries x 100 positions per 3-hour snapshot, 90 days up to the current slot.
      expect(fresh.store.counts().observations % 500).toBe(0)
      expect(fresh.store.counts().observations).toBeGreaterThan(350_000)
      expect(fresh.store.counts().articles).toBeGreaterThan(15_000)

      await page.getByRole('link', { name: 'Geography' }).click()
      await page.getByRole('cell', { name: /Germany/ }).click()
      await page.getByRole('table', { name: 'Cities' }).getByRole('cell', { name: 'Berlin', exact: true }).waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'geography-cities.png') })

      await page.getByRole('link', { name: 'Articles' }).click()
      await page.getByRole('table', { name: 'Articles' }).locator('tbody tr').first().click()
      await page.locator('.markdown h2').first().waitFor()
      await page.locator('.card canvas').first().waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'article-demo.png') })

      // Trends: the hierarchy, a topic filter, and a trend's card with its articles by role.
      await page.getByRole('link', { name: 'Trends' }).click()
      const trendRows = page.getByRole('table', { name: 'Trends' }).locator('tbody tr')
      await trendRows.first().waitFor()
      // The treemap's leaves are trends: a click on one opens its card.
      const treemap = page.getByRole('img', { name: 'Themes, topics and their largest trends' })
      await treemap.locator('canvas').waitFor()
      const box = (await treemap.boundingBox())!
      let opened = false
      // most of the area is trend leaves; the thin strips between are theme and topic names
      const points = [0.35, 0.55, 0.75, 0.9].flatMap((fy) => [0.1, 0.3, 0.5, 0.7, 0.9].map((fx) => [fx, fy] as const))
      for (const [fx, fy] of points) {
        await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy)
        opened = await page.locator('.role-group h3').first().waitFor({ timeout: 1500 }).then(() => true, () => false)
        if (opened) break
      }
      expect(opened).toBe(true)
      await page.screenshot({ path: path.join(SCREENSHOTS, 'trends-treemap-open.png') })
      const topicChip = page.locator('[aria-label="Topics"] button').first()
      await topicChip.click()
      await trendRows.first().waitFor()
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('article_count')
      await trendRows.first().click()
      await page.locator('.role-group h3').first().waitFor()
      expect(await page.locator('.role-group h3').first().innerText()).toMatch(/Triggers|Pile-on|Long tail|One-off/)
      await page.screenshot({ path: path.join(SCREENSHOTS, 'trends-demo.png'), fullPage: true })

      // Signals: a country with a planted shake-up shows a spike; explaining it lists what moved.
      const shake = fresh.store.sqlite.prepare(`SELECT day, country FROM demo_shakeups WHERE format_group = '' ORDER BY day DESC LIMIT 1`).get() as { day: string; country: string }
      await page.getByRole('link', { name: 'Signals' }).click()
      await page.getByLabel('Country').selectOption(shake.country)
      const spike = page.locator('[aria-label="Spikes"]').getByRole('button', { name: new RegExp(`^${shake.day}`) })
      await spike.click()
      const moving = page.getByRole('table', { name: 'Moving articles' }).locator('tbody tr')
      await moving.first().waitFor()
      expect(await moving.count()).toBe(15)
      // the point's story opens it: the feed's turnover against a usual day, in words
      expect(await page.getByLabel('What happened').innerText()).toMatch(new RegExp(`^At ${shake.day} in .+, \\d+% of the feed's 100 slots turned over from one snapshot to the next against \\d+% on a usual day[.;]`))
      await page.locator('.multiple svg path').first().waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'signals.png'), fullPage: true })
      // a click over a chart selects the point nearest in x: on a format group's strip, and on the main chart
      const bucket = () => new URL(page.url()).searchParams.get('bucket')
      const newsSeries = ((await (await page.request.get(`${other.url}/public/discover/category-volatility?country=${shake.country}&category=News`)).json()) as { categories: Array<{ series: Array<{ date: string }> }> }).categories[0]!.series
      await page.getByRole('img', { name: 'News volatility' }).scrollIntoViewIfNeeded()
      const strip = (await page.getByRole('img', { name: 'News volatility' }).boundingBox())!
      const k = newsSeries.length - 3
      // the strip's plot leaves 20 px for its labels on the left and 6 on the right (VolatilityStrip), its points evenly spread
      await page.mouse.click(strip.x + 20 + (k * (strip.width - 26)) / (newsSeries.length - 1) + 1, strip.y + 60)
      await expect.poll(bucket).toBe(newsSeries[k]!.date)
      expect(new URL(page.url()).searchParams.get('category')).toBe('News')
      expect(await page.locator('.strip-selected').getAttribute('data-index')).toBe(String(k))
      const mainSeries = ((await (await page.request.get(`${other.url}/public/discover/volatility?country=${shake.country}`)).json()) as { series: Array<{ date: string }> }).series
      await page.getByRole('img', { name: 'Volatility of the feed' }).scrollIntoViewIfNeeded()
      const main = (await page.getByRole('img', { name: 'Volatility of the feed' }).boundingBox())!
      const j = 4
      // the main chart's grid: 36 px on the left, 16 on the right, each day a band with its point in the middle
      await page.mouse.click(main.x + 36 + ((j + 0.5) * (main.width - 52)) / mainSeries.length + 1, main.y + 120)
      await expect.poll(bucket).toBe(mainSeries[j]!.date)
      expect(new URL(page.url()).searchParams.get('category')).toBeNull()
      // two countries on one chart, and the five format groups on one chart
      const second = fresh.store.sqlite.prepare(`SELECT alpha_2, name FROM regions WHERE alpha_2 != ? ORDER BY alpha_2 LIMIT 1`).get(shake.country) as { alpha_2: string; name: string }
      const shakeName = fresh.store.sqlite.prepare(`SELECT name FROM regions WHERE alpha_2 = ?`).pluck().get(shake.country) as string
      await page.getByRole('group', { name: 'Compare countries' }).getByRole('button', { name: second.name }).click()
      await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe(second.alpha_2)
      await page.getByRole('img', { name: `Volatility of ${shakeName}, ${second.name}` }).locator('canvas').waitFor()
      await page.getByRole('button', { name: 'One chart' }).click()
      await page.getByRole('img', { name: 'Volatility of the five format groups' }).locator('canvas').waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'signals-compare.png'), fullPage: true })
      // the whole history, computed from the snapshots: more than the stored 30 days
      await page.getByRole('radio', { name: 'All' }).click()
      await page.getByRole('heading', { name: 'Volatility, the whole history' }).waitFor()
      const api = (await (await page.request.get(`${other.url}/app/signals/history?country=${shake.country}`)).json()) as { points: unknown[] }
      expect(api.points.length).toBeGreaterThan(30)
      await page.locator('[aria-label="Volatility of the feed"] canvas').waitFor()

      // Tracking: the demo project's example lists, with living metrics and keyword matches.
      await page.getByRole('link', { name: 'Tracking' }).click()
      const trackingLists = page.getByRole('table', { name: 'Tracking lists' }).locator('tbody tr')
      await expect.poll(() => trackingLists.count(), { timeout: 30_000 }).toBe(6)
      await trackingLists.filter({ hasText: 'People & organisations' }).click()
      const metricRows = page.getByRole('table', { name: 'Metrics' }).locator('tbody tr')
      await expect.poll(() => metricRows.count()).toBe(8)
      expect(await metricRows.first().locator('td.num').first().innerText()).not.toBe('0')
      await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking-demo-metrics.png') })
      await trackingLists.filter({ hasText: 'Brand watch' }).click()
      await page.getByRole('tab', { name: 'Matches' }).click()
      const matchItems = page.getByRole('list', { name: 'Matches' }).locator('li')
      await matchItems.first().waitFor({ timeout: 30_000 })
      expect(await matchItems.first().locator('mark').count()).toBeGreaterThan(0)
      await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking-demo-matches.png') })
      await page.getByRole('tab', { name: 'Roll-up' }).click()
      await page.getByRole('region', { name: 'Publishers' }).locator('li').first().waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking-demo-rollup.png') })

      // Publishers: a bulk check, then that publisher's articles.
      const domains = fresh.store.sqlite.prepare(`SELECT domain FROM publishers ORDER BY domain LIMIT 2`).pluck().all() as string[]
      await page.getByRole('link', { name: 'Publishers' }).click()
      await page.getByRole('tab', { name: 'Check up to 100' }).click()
      await page.getByRole('textbox').fill(`${domains[0]}\nhttps://www.${domains[1]}/some/path\nunknown-publisher.example`)
      await page.getByRole('button', { name: 'Check' }).click()
      const profiles = page.getByRole('table', { name: 'Publisher profiles' }).locator('tbody tr')
      await profiles.first().waitFor()
      expect(await profiles.count()).toBe(3)
      await page.screenshot({ path: path.join(SCREENSHOTS, 'publishers-bulk.png') })
      await profiles.first().getByRole('button', { name: 'articles →' }).click()
      const listed = page.getByRole('table', { name: 'Articles' }).locator('tbody tr')
      // the rows are the publisher's once its articles have come (meanwhile they may be blank places)
      await expect.poll(async () => (await listed.allInnerTexts()).filter((text) => !text.includes(domains[0]!)).length).toBe(0)
      expect(await listed.count()).toBeGreaterThan(0)
    }
  })

  it('shows the demo site beside the feed on My site, and says whose the drops were', async () => {
    const [site] = fresh.store.searchConsole.properties()
    expect(site).toBeDefined()
    const shake = fresh.store.searchConsole.demo.countryShakeups().at(-1)!
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('link', { name: 'My site' }).click()
    await page.getByRole('heading', { name: 'My site' }).waitFor()
    // the period's totals, each with its change against the period before
    await expect.poll(() => page.getByLabel('Totals').innerText()).toMatch(/^Clicks\s*[1-9][\d,]*/)
    expect(await page.getByLabel('Totals').locator('dt').allInnerTexts()).toEqual(['Clicks', 'Impressions', 'CTR', 'Feed impressions', 'Share of the feed'])
    await page.getByRole('img', { name: /^Clicks of .+ a day, its share of the feed and the feed's volatility$/ }).locator('canvas').waitFor()
    const pageRows = page.getByRole('table', { name: 'Site pages' }).locator('tbody tr')
    await pageRows.first().waitFor()
    // the rows come in after the first: wait for all of them, not the count at the first one
    await expect.poll(() => pageRows.count()).toBe(50)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'site-1440.png'), fullPage: true })

    // the shake-up day, from a link: the market's drop
    await page.goto(`${other.url}/site?property=${encodeURIComponent(site!.property)}&country=${shake.country}&period=90d&day=${shake.day}`)
    const explanation = page.getByTestId('explanation')
    await expect.poll(() => explanation.innerText()).toMatch(new RegExp(`^On ${shake.day}, .+'s Discover clicks fell \\d+% a day against .+: it is the market\\.`))
    expect(await page.getByLabel('Explanation').locator('.badge').innerText()).toBe('The market')
    await expect.poll(() => page.title()).toBe(`${site!.property.replace("sc-domain:", "")} on ${shake.day} · My site · Feedlens`)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'site-market-1440.png'), fullPage: true })

    // the dark theme at 1024 px: nothing scrolls sideways
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.getByRole('combobox', { name: /^Theme/ }).selectOption('dark')
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe('dark')
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark-1024-site.png'), fullPage: true })
    // and the other two: dark at 1440 px, light at 1024 px
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark-1440-site.png') })
    await page.getByRole('combobox', { name: /^Theme/ }).selectOption('light')
    await page.setViewportSize({ width: 1024, height: 700 })
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'site-1024.png') })
    await page.getByRole('combobox', { name: /^Theme/ }).selectOption('system')
    await page.setViewportSize({ width: 1440, height: 900 })

    // the whole period again, and a page opens its article
    await page.getByRole('button', { name: 'The whole period ×' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.has('day')).toBe(false)
    await pageRows.first().click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/article\//)

    // the demo's files import again from Settings: nothing changes
    const imports = fresh.store.searchConsole.imports().length
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByLabel('Search Console file', { exact: true }).setInputFiles(path.join(path.dirname(fresh.store.file), 'demo', fs.readdirSync(path.join(path.dirname(fresh.store.file), 'demo')).find((f) => f.endsWith('.zip'))!))
    await page.getByRole('button', { name: 'Import export' }).click()
    await page.getByRole('status').filter({ hasText: 'Imported before; nothing changed' }).waitFor()
    expect(fresh.store.searchConsole.imports()).toHaveLength(imports)
    await page.getByRole('button', { name: 'Open My site' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/site')
  })

  it('raised no errors in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
