import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../electron/core/http/server'
import { IDS } from '../helpers/fixture'
import { openScreens, SCREENSHOTS, type Screens } from './browser'

describe('the web UI in Chromium', () => {
  let screens: Screens
  let server: RunningServer
  let page: Page
  let consoleErrors: string[]

  beforeAll(async () => {
    screens = await openScreens({ fixture: true, width: 1360, height: 860, timeout: 10_000, consoleErrors: true })
    ;({ server, page, errors: consoleErrors } = screens)
  })

  afterAll(async () => {
    await screens?.close()
  })

  it('shows a browser without the session how to sign in, and no data', async () => {
    const stranger = await screens.browser.newPage({ viewport: { width: 1024, height: 700 } })
    try {
      await stranger.goto(`${server.url}/trends`)
      await stranger.getByRole('heading', { name: 'Sign in to Feedlens' }).waitFor()
      expect(await stranger.getByText('feedlens link').isVisible()).toBe(true)
      expect(await stranger.getByText('Fed holds rates').count()).toBe(0)
      expect(await stranger.content()).not.toMatch(/feedlens_session|token=/)
      await stranger.screenshot({ path: path.join(SCREENSHOTS, 'sign-in.png') })
    } finally {
      await stranger.close()
    }
  })

  it('opens on Trends with every section in the navigation', async () => {
    await page.goto(server.url)
    const nav = page.getByRole('navigation', { name: 'Sections' })
    await expect.poll(() => nav.getByRole('link').allInnerTexts()).toEqual([
      'Trends',
      'Tracking',
      'Signals',
      'Winners and losers',
      'Articles',
      'Geography',
      'Publishers',
      'My site',
      'Alerts',
      'Settings',
    ])
    await page.getByRole('cell', { name: 'Fed holds rates' }).waitFor()
    await page.getByRole('cell', { name: 'Fed holds rates' }).click()
    await page.locator('.card canvas').first().waitFor()
    await page.screenshot({ path: path.join(SCREENSHOTS, 'trends.png') })
    expect(await page.getByText('Test project').isVisible()).toBe(true)
  })

  it('creates an API key shown once, which then works against /v1, and revokes it', async () => {
    await page.getByRole('link', { name: 'Settings' }).click()
    expect(new URL(page.url()).pathname).toBe('/settings')
    await page.getByPlaceholder('e.g. Weekly report script').fill('Browser-made key')
    await page.getByPlaceholder('all, or US,DE').fill('us')
    await page.getByRole('button', { name: 'Create key' }).click()
    const value = await page.getByTestId('new-key-value').innerText()
    expect(value).toMatch(/^fl_[A-Za-z0-9_-]{43}$/)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-key-created.png') })
    const res = await fetch(`${server.url}/v1/geo/regions`, { headers: { 'X-API-Key': value } })
    expect(((await res.json()) as { regions: Array<{ alpha_2: string }> }).regions.map((r) => r.alpha_2)).toEqual(['US'])

    await page.getByRole('button', { name: 'Done' }).click()
    expect(await page.getByTestId('new-key-value').count()).toBe(0)
    const row = page.getByRole('row').filter({ hasText: 'Browser-made key' })
    page.once('dialog', (d) => void d.accept())
    await row.getByRole('button', { name: 'Revoke' }).click()
    await row.getByText('revoked').waitFor()
    expect((await fetch(`${server.url}/v1/trends`, { headers: { 'X-API-Key': value } })).status).toBe(401)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-key-revoked.png') })
  })

  it('opens a cabinet link /article/<id> on that article', async () => {
    await page.goto(`${server.url}/article/${IDS.a1}`)
    await page.getByRole('heading', { name: 'Fed holds rates steady' }).waitFor()
    await page.getByRole('list', { name: 'Entities' }).getByRole('button', { name: 'Federal Reserve' }).waitFor()
    await page.screenshot({ path: path.join(SCREENSHOTS, 'article.png') })
  })

  it('shows tracking usage, geography and signals from the same API', async () => {
    await page.getByRole('link', { name: 'Tracking' }).click()
    await page.getByRole('cell', { name: 'Brand watch' }).waitFor()
    expect(await page.locator('.usage-badge', { hasText: 'entity' }).innerText()).toContain('2 / 500')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking.png') })
    await page.getByRole('link', { name: 'Geography' }).click()
    await page.getByRole('cell', { name: /Germany/ }).waitFor()
    await page.screenshot({ path: path.join(SCREENSHOTS, 'geography.png') })
    await page.getByRole('link', { name: 'Signals' }).click()
    await page.getByText('No volatility yet').waitFor()
    await page.screenshot({ path: path.join(SCREENSHOTS, 'signals-empty.png') })
    await page.getByRole('link', { name: 'Publishers' }).click()
    await page.getByPlaceholder('example.com').fill('https://www.example.com/a')
    await page.getByRole('button', { name: 'Check' }).click()
    const row = page.getByRole('table', { name: 'Publisher profiles' }).getByRole('row', { name: /Example News/ })
    await row.waitFor()
    expect(await row.innerText()).toMatch(/Example News\s+example\.com[\s\S]*exists\s+125,000/)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'publishers.png') })
  })

  it('logged no errors in the page', () => {
    expect(consoleErrors).toEqual([])
  })
})
