import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startHttpServer } from '../../electron/core/http/server'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { IDS } from '../helpers/fixture'
import { RENDERER, SCREENSHOTS, useScreens } from './browser'

/** The window at its edges: a server that goes away and comes back, links to ids that are none, data written by another process, Track inside a row. */
describe('the window survives the edges', () => {
  const screens = useScreens({ fixture: true })

  it('says in a sentence that a screen could not load while the server was away, and opens it once the server is back', async () => {
    const { page, world } = screens
    await page.goto(`${screens.server.url}/trends`)
    await page.getByRole('table', { name: 'Trends' }).waitFor()
    const port = new URL(screens.server.url).port
    // the server stops; the window asks for a screen whose code it has not loaded yet
    await screens.server.close()
    await page.getByRole('link', { name: 'Geography' }).click()
    const problem = page.getByRole('alert', { name: 'Screen problem' })
    await problem.waitFor()
    expect(await problem.innerText()).toContain('Feedlens did not answer while this screen was loading')
    // never a white window: the sections are still there
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(true)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'edges-server-away.png') })
    // the server is back on the same port: "Try again" opens the screen
    screens.server = await startHttpServer(world.core, { port: Number(port), rendererDir: RENDERER })
    await problem.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('table', { name: 'Regions' }).waitFor()
    expect(await page.getByRole('alert', { name: 'Screen problem' }).count()).toBe(0)
  })

  it.each([
    ['/trends/not-a-trend', 'This trend'],
    ['/article/123', 'This article'],
    ['/tracking/xyz/metrics', 'This list'],
    [`/trends/${IDS.trend.replace(/.$/, '9')}`, 'This trend'],
  ])('answers a link to %s, an id that is none, with the in-app not-found', async (link, what) => {
    const { page } = screens
    await page.goto(`${screens.server.url}${link}`)
    const notFound = page.getByRole('region', { name: 'Not found' })
    await notFound.waitFor()
    expect(await notFound.innerText()).toContain(`${what} does not exist in this store`)
    // no error with a Retry that could never succeed
    expect(await page.getByText('valid UUID').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
  })

  it('loads the open view again when another process wrote data and computed its analytics between two looks', async () => {
    const { page, world } = screens
    await page.goto(`${screens.server.url}/articles?period=custom&date_from=2026-11-22&date_to=2026-11-22`)
    await page.getByText('No articles').waitFor()
    // a CLI import beside the window: its data and its recompute, both done before the window looks
    new IngestWriter(world.store).write({ observations: [{ articleId: IDS.a1, country: 'US', observedAt: '2026-11-22T10:00:00.000Z', position: 1, estimatedImpressions: 90 }] })
    refreshAnalytics(world.store, world.now())
    await page.evaluate('window.dispatchEvent(new Event("focus"))')
    await page.getByRole('table', { name: 'Articles' }).locator('tbody tr', { hasText: 'Fed holds rates' }).waitFor()
  })

  it('opens Track\'s menu in Signals > Top categories, not the category\'s articles', async () => {
    const { page } = screens
    await page.goto(`${screens.server.url}/signals?period=all`)
    const table = page.getByRole('table', { name: 'Top categories' })
    const row = table.locator('tbody tr').first()
    await row.waitFor()
    await row.getByRole('button', { name: 'Track' }).click()
    await page.getByRole('menu', { name: 'Lists of category items' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/signals')
    // the row itself still opens the articles seen in the period
    await row.locator('td').first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/articles')
    expect(new URL(page.url()).searchParams.get('exact_category')).toBe('true')
  })

  it('raised no errors in the page', () => {
    // a screen whose code could not load is reported in the page, not thrown
    expect(screens.errors.filter((e) => !/dynamically imported module/.test(e))).toEqual([])
  })
})
