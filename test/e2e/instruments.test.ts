import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../electron/core/http/server'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { IDS } from '../helpers/fixture'
import type { TestWorld } from '../helpers/core'
import { SCREENSHOTS, useScreens } from './browser'

/** The analyst's second instrument in Chromium: winners and losers on their own screen, alerts and their inbox, tables that sort and choose their columns. */
describe('winners and losers, alerts, tables (Chromium)', () => {
  const screens = useScreens({ fixture: true })
  let server: RunningServer
  let page: Page
  let world: TestWorld
  beforeAll(() => ({ server, page, world } = screens))

  /** The view on screen in both themes, at 1440 and 1024 px (kept in test-results/screenshots), back to light at 1440 after. */
  const shots = async (name: string, ready: () => Promise<unknown>) => {
    type Storage = { localStorage: { setItem(k: string, v: string): void; removeItem(k: string): void } }
    for (const [theme, width] of [['light', 1440], ['dark', 1024]] as const) {
      await page.evaluate((t) => (globalThis as unknown as Storage).localStorage.setItem('feedlens.theme', t), theme)
      await page.setViewportSize({ width, height: 900 })
      await page.reload()
      await ready()
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${theme}-${width}.png`), fullPage: true })
    }
    await page.evaluate(() => (globalThis as unknown as Storage).localStorage.removeItem('feedlens.theme'))
    await page.setViewportSize({ width: 1440, height: 900 })
  }

  const rowTexts = async (table: string, cells = 5) => (await page.getByRole('table', { name: table }).locator('tbody tr').allInnerTexts()).map((t) => t.split('\t').slice(0, cells).join('|'))

  it('ranks winners and losers on their own screen against the period compared, sorts by a header with the order in the URL', async () => {
    await page.goto(`${server.url}/leaders?period=30d`)
    await expect.poll(() => rowTexts('Winners and losers')).toEqual(['Example News|2,700|0|+2,700|2', 'Die Zeitung|500|0|+500|1'])
    expect(await page.getByRole('link', { name: 'Winners and losers', exact: true }).getAttribute('aria-current')).toBe('page')
    // a header click sorts the rows the table has, the order kept in the link
    await page.getByRole('table', { name: 'Winners and losers' }).getByRole('button', { name: 'Impressions' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('sort.winners-and-losers')).toBe('-impressions')
    await page.getByRole('table', { name: 'Winners and losers' }).getByRole('button', { name: /^Impressions/ }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('sort.winners-and-losers')).toBe('impressions')
    await expect.poll(() => rowTexts('Winners and losers', 2)).toEqual(['Die Zeitung|500', 'Example News|2,700'])
    expect(await page.getByRole('columnheader', { name: /Impressions/ }).getAttribute('aria-sort')).toBe('ascending')
    // the link restores it
    await page.reload()
    await expect.poll(() => rowTexts('Winners and losers', 2)).toEqual(['Die Zeitung|500', 'Example News|2,700'])
    // compared with chosen days that hold the same sightings: no change
    await page.goto(`${server.url}/leaders?period=custom&date_from=2026-11-20&date_to=2026-11-20&compare=custom&compare_from=2026-11-20&compare_to=2026-11-20&leaders=entity&leaders_by=impressions`)
    await expect.poll(() => rowTexts('Winners and losers', 4)).toEqual(['Federal Reserve|2,700|2,700|0', 'Berlin|500|500|0'])
    for (const [theme, width] of [['light', 1440], ['dark', 1024]] as const) {
      await page.evaluate((t) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('feedlens.theme', t), theme)
      await page.setViewportSize({ width, height: 900 })
      await page.reload()
      await page.getByRole('table', { name: 'Winners and losers' }).locator('tbody tr').first().waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, `leaders-${theme}-${width}.png`), fullPage: true })
    }
    await page.evaluate(() => (globalThis as unknown as { localStorage: { removeItem(k: string): void } }).localStorage.removeItem('feedlens.theme'))
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('writes an alert, tells a crossing once in the inbox with a badge in the sidebar, opens its view and marks it read', async () => {
    await page.goto(`${server.url}/alerts`)
    await page.getByRole('heading', { name: 'No alerts yet' }).waitFor()
    const form = page.getByRole('form', { name: 'New alert' })
    await form.getByLabel('Alert when').selectOption('publisher_rank')
    await form.getByLabel('Publisher domain').fill('zeitung.de')
    await form.getByLabel('Top N', { exact: true }).fill('1')
    await form.getByRole('button', { name: 'Add alert' }).click()
    const rules = page.getByRole('table', { name: 'Alert rules' }).locator('tbody tr')
    await expect.poll(() => rules.allInnerTexts()).toEqual([expect.stringContaining('zeitung.de in the top 1\tzeitung.de entering or leaving the top 1 of the whole feed by impressions in 24 hours\tnot crossed')])
    // new sightings: zeitung.de passes example.com
    new IngestWriter(world.store).write({ observations: [{ articleId: IDS.a3, country: 'DE', observedAt: '2026-11-20T11:00:00.000Z', position: 1, estimatedImpressions: 5000 }] })
    await page.getByRole('button', { name: 'Check now' }).click()
    await page.getByRole('status').filter({ hasText: '1 new alert.' }).waitFor()
    const inbox = page.getByRole('table', { name: 'Alerts' }).locator('tbody tr')
    await expect.poll(() => inbox.count()).toBe(1)
    expect(await inbox.first().innerText()).toContain('zeitung.de entered the top 1 of the whole feed (rank 1, 5,500 impressions in 24 hours)')
    const badge = page.getByRole('link', { name: /^Alerts/ }).locator('.nav-count')
    await expect.poll(() => badge.innerText()).toBe('1')
    // checked again: nothing new
    await page.getByRole('button', { name: 'Check now' }).click()
    await page.getByRole('status').filter({ hasText: '1 rule checked: nothing new crossed.' }).waitFor()
    for (const [theme, width] of [['light', 1440], ['dark', 1024]] as const) {
      await page.evaluate((t) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('feedlens.theme', t), theme)
      await page.setViewportSize({ width, height: 900 })
      await page.reload()
      await inbox.first().waitFor()
      await page.screenshot({ path: path.join(SCREENSHOTS, `alerts-${theme}-${width}.png`), fullPage: true })
    }
    await page.evaluate(() => (globalThis as unknown as { localStorage: { removeItem(k: string): void } }).localStorage.removeItem('feedlens.theme'))
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.reload()
    await inbox.first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/articles')
    expect(new URL(page.url()).searchParams.get('domain')).toBe('zeitung.de')
    await expect.poll(() => badge.count()).toBe(0)
    // muted from its row
    await page.goto(`${server.url}/alerts`)
    await rules.first().getByRole('button', { name: 'Mute' }).click()
    await rules.first().getByRole('button', { name: 'Unmute' }).waitFor()
  })

  it('hides and shows a wide table\'s columns with its chooser, remembered on this computer, the title column at least 200 px', async () => {
    await page.goto(`${server.url}/articles`)
    const table = page.getByRole('table', { name: 'Articles' })
    await table.locator('tbody tr').first().waitFor()
    const headers = () => table.locator('thead th').allInnerTexts()
    const before = await headers()
    await page.getByText('Columns', { exact: true }).click()
    const chooser = page.getByRole('group', { name: 'Columns of Articles' })
    const second = (await chooser.getByRole('checkbox').nth(1).locator('xpath=..').innerText()).trim()
    await chooser.getByRole('checkbox').nth(1).uncheck()
    await expect.poll(headers).toEqual(before.filter((h) => h.replace(/ [↑↓]$/, '') !== second))
    await page.reload()
    await table.locator('tbody tr').first().waitFor()
    expect(await headers()).toEqual(before.filter((h) => h.replace(/ [↑↓]$/, '') !== second))
    await page.setViewportSize({ width: 1024, height: 800 })
    const title = table.locator('tbody tr').first().locator('td.wide')
    expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(200)
    await page.getByText(/^Columns/).click()
    await chooser.getByRole('checkbox').nth(1).check()
    await expect.poll(headers).toEqual(before)
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('shows the totals strip of a trend, a list and a publisher, and the trends\' change against the period compared', async () => {
    const strip = (label: string) => page.getByLabel(label).locator('dd')
    // the whole history: the Fed trend's one article, 1,000 + 600 at places 1 and 3
    await page.goto(`${server.url}/trends/${IDS.trend}`)
    await expect.poll(() => strip('Totals of this trend').allInnerTexts()).toEqual(['1,600', '1', '1', '1', '2.0'])
    // compared with 09:00-10:00 of the 20th (chosen days are whole days: the 20th holds everything)
    await page.goto(`${server.url}/trends?period=custom&date_from=2026-11-20&date_to=2026-11-20&versus=custom&versus_from=2026-11-19&versus_to=2026-11-19&sort_by=impressions`)
    const table = page.getByRole('table', { name: 'Trends' })
    await expect.poll(async () => (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/ [↑↓]$/, ''))).toContain('Before')
    await expect.poll(() => rowTexts('Trends', 1)).toEqual([expect.stringContaining('Fed holds rates'), expect.stringContaining('Market reaction')])
    // a header sorts the server's order of the paged list
    await table.getByRole('button', { name: /^Impressions/ }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('sort_order')).toBe('asc')
    await expect.poll(() => rowTexts('Trends', 1)).toEqual([expect.stringContaining('Market reaction'), expect.stringContaining('Fed holds rates')])
    // the list of people and organisations: the Fed's two articles
    await page.goto(`${server.url}/tracking/${IDS.entityList}/metrics?period=30d`)
    await expect.poll(() => strip('Totals of this list').allInnerTexts()).toEqual([expect.stringMatching(/^2,700/), expect.stringMatching(/^2/), expect.stringMatching(/^1/), expect.stringMatching(/^1/), expect.stringMatching(/^2\.8/)])
    await page.goto(`${server.url}/publishers?q=zeitung.de`)
    // 500, and the 5,000 the alert's test added at the top place
    await expect.poll(() => strip('Totals of zeitung.de').allInnerTexts()).toEqual(['5,500', '1', '1', '1', '1.0'])
    await shots('publisher-totals', () => strip('Totals of zeitung.de').first().waitFor())
    await page.goto(`${server.url}/trends/${IDS.trend}?period=custom&date_from=2026-11-20&date_to=2026-11-20&versus=custom&versus_from=2026-11-19&versus_to=2026-11-19`)
    await shots('trends-compared', () => strip('Totals of this trend').first().waitFor())
    await page.screenshot({ path: path.join(SCREENSHOTS, 'publisher-totals.png'), fullPage: true })
  })

  it('compares every Signals panel with a period (versus= in the URL): Before and Δ beside format interest and topics', async () => {
    await page.goto(`${server.url}/signals?period=custom&date_from=2026-11-20&date_to=2026-11-20&versus=custom&versus_from=2026-11-20&versus_to=2026-11-20`)
    const table = page.getByRole('table', { name: 'Format interest' })
    await expect.poll(async () => (await table.locator('thead th').allInnerTexts()).slice(0, 4)).toEqual(['Format', 'Index', 'Before', 'Δ'])
    // the same day on both sides: each format's index unchanged
    const rows = async () => (await table.locator('tbody tr').allInnerTexts()).map((t) => t.split('\t').slice(0, 4))
    await expect.poll(async () => (await rows()).length).toBe(5)
    for (const [format, index, before, change] of await rows()) {
      expect(before, format).toBe(index)
      expect(change, format).toMatch(/^(■ 0\.0 %|—)$/)
    }
    expect(await page.getByRole('combobox', { name: 'Compare with' }).inputValue()).toBe('custom')
    await shots('signals-compared', () => table.locator('tbody tr').first().waitFor())
    // nothing compared: no such columns
    await page.getByRole('combobox', { name: 'Compare with' }).selectOption('')
    await expect.poll(async () => (await table.locator('thead th').allInnerTexts()).includes('Before')).toBe(false)
    expect(new URL(page.url()).searchParams.get('versus')).toBeNull()
  })

  it('saves a chart as a PNG with a band above it naming its title, period, market and comparison', async () => {
    await page.goto(`${server.url}/article/${IDS.a1}`)
    await page.locator('.card canvas').first().waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Save .* as PNG/ }).click()])
    const bytes = fs.readFileSync((await download.path())!)
    // the chart (220 px high) and the band (58 px, 17 more a line of details past the first), at twice the pixels
    expect([(220 + 58) * 2, (220 + 75) * 2, (220 + 92) * 2]).toContain(bytes.readUInt32BE(20))
    // seen as a person sees it
    await page.setContent(`<img src="data:image/png;base64,${bytes.toString('base64')}">`)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'saved-chart-png.png') })
  })

  it('sorts the paged article list by any figure with a header click, in the server\'s order, and compares a list\'s totals with chosen days', async () => {
    await page.goto(`${server.url}/articles`)
    const table = page.getByRole('table', { name: 'Articles' })
    await table.locator('tbody tr').first().waitFor()
    await table.getByRole('button', { name: /^Best position/ }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('sort_by')).toBe('best_position')
    await table.getByRole('button', { name: /^Best position/ }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('sort_order')).toBe('asc')
    const api = (await (await world.get('/app/articles?sort_by=best_position&sort_order=asc&limit=50', world.session)).json()) as { articles: Array<{ title: string }> }
    await expect.poll(async () => (await table.locator('tbody tr').allInnerTexts()).map((t) => t.split('\t')[0])).toEqual(api.articles.map((a) => a.title))
    // a list's totals against chosen days instead of the window before
    await page.goto(`${server.url}/tracking/${IDS.entityList}/metrics?period=custom&date_from=2026-11-20&date_to=2026-11-20&compare=custom&compare_from=2026-11-20&compare_to=2026-11-20`)
    const strip = page.getByLabel('Totals of this list')
    await expect.poll(() => strip.locator('dd').first().innerText()).toMatch(/^2,700\s+■ \+?0\.0 %$/)
    await shots('tracking-list-totals', () => strip.locator('dd').first().waitFor())
  })
})
