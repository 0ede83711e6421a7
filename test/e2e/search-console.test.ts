import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/core'
import { startFakeSearchConsole, type FakeSearchConsole } from '../helpers/fake-search-console'
import { SCREENSHOTS, useScreens } from './browser'

/** Settings > Search Console's live connection in Chromium: the consent in a second tab, a pull, and My site with what it brought (against a fake Google). */
describe('connecting Search Console from the window', () => {
  const previousRoot = process.env.FEEDLENS_GSC_API_ROOT
  let fake: FakeSearchConsole
  beforeAll(async () => {
    fake = await startFakeSearchConsole()
    process.env.FEEDLENS_GSC_API_ROOT = `${fake.url}/`
  })
  afterAll(async () => {
    if (previousRoot === undefined) delete process.env.FEEDLENS_GSC_API_ROOT
    else process.env.FEEDLENS_GSC_API_ROOT = previousRoot
    await fake.close()
  })
  const screens = useScreens({ fixture: true })
  let page: Page
  beforeAll(() => ({ page } = screens))

  it('connects by consent in the browser, pulls a property and opens it on My site', async () => {
    fake.rows.set('2026-11-19', [{ keys: ['2026-11-19', 'https://site.example/a', 'deu'], clicks: 21, impressions: 400, ctr: 0.0525, position: 0 }])
    await page.goto(`${screens.server.url}/settings`)
    const card = page.getByRole('region', { name: 'Search Console connection' })
    await card.getByText('Live connection').waitFor()
    const clientFile = path.join(tempDir(), 'client_secret_test.apps.googleusercontent.com.json')
    fs.writeFileSync(clientFile, fake.clientFile())
    // the consent page opens in a new tab; the person agrees and Google sends the browser back to Feedlens
    const consent = page.context().waitForEvent('page')
    await card.getByLabel('OAuth client file').setInputFiles(clientFile)
    const tab = await consent
    await tab.waitForLoadState()
    await expect.poll(() => tab.getByRole('heading').first().innerText()).toBe('Connected')
    await tab.close()
    await card.getByRole('status').filter({ hasText: /^Connected since/ }).waitFor()
    expect(await card.getByRole('status').first().innerText()).toContain('in a file of the data folder only you can read. The account may read 1 property.')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-search-console-connected.png'), fullPage: true })

    await card.getByLabel('Since').fill('2026-11-18')
    await card.getByRole('button', { name: 'Pull' }).click()
    const pulled = card.getByRole('status').filter({ hasText: /^Pulled/ })
    await pulled.waitFor()
    expect(await pulled.innerText()).toMatch(/^Pulled sc-domain:site\.example, 2026-11-18 to 2026-11-19: 1 row of 1 of 2 days \(1 new or revised\)/)
    await pulled.getByRole('button', { name: 'Open My site' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/site')
    await expect.poll(() => page.getByLabel('Totals').innerText()).toMatch(/^Clicks\s*21/)

    // dark, 1024 px: the connected card as it looks there
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.goto(`${screens.server.url}/settings`)
    await page.getByRole('combobox', { name: /^Theme/ }).selectOption('dark')
    await card.getByRole('status').filter({ hasText: /^Connected since/ }).scrollIntoViewIfNeeded()
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark-1024-settings-search-console.png') })
    await card.getByRole('button', { name: 'Disconnect' }).click()
    await card.getByLabel('OAuth client file').waitFor()
    await page.getByRole('combobox', { name: /^Theme/ }).selectOption('system')
    await page.setViewportSize({ width: 1440, height: 900 })
    expect(screens.errors).toEqual([])
  })
})
