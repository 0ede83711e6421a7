import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../electron/core/http/server'
import type { TestWorld } from '../helpers/core'
import { IDS } from '../helpers/fixture'
import { SCREENSHOTS, useScreens } from './browser'

describe('the tracking screens in Chromium', () => {
  const screens = useScreens({ fixture: true })
  let world: TestWorld
  let server: RunningServer
  let page: Page
  let pageErrors: string[]
  beforeAll(() => ({ world, server, page, errors: pageErrors } = screens))

  it('shows the usage badges and a metrics table that sorts and exports CSV', async () => {
    await page.goto(`${server.url}/tracking/${IDS.entityList}/metrics`)
    const usage = page.getByLabel('Usage', { exact: true })
    await expect.poll(() => usage.innerText()).toMatch(/entity\s*2 \/ 500/i)
    const table = page.getByRole('table', { name: 'Metrics' })
    await table.getByText('Federal Reserve', { exact: true }).waitFor()
    await page.getByRole('radio', { name: '24 h' }).click()
    await expect.poll(() => table.locator('tbody tr').first().innerText()).toContain('2,700')
    // sorted by impressions, largest first; a click on the header turns the order round
    const names = () => table.locator('tbody tr td:first-child > div:first-child').allInnerTexts()
    expect(await names()).toEqual(['Federal Reserve', 'Olaf Scholz'])
    await table.getByRole('button', { name: /^Impressions/ }).click()
    expect(await names()).toEqual(['Olaf Scholz', 'Federal Reserve'])
    expect(await table.locator('svg.sparkline').count()).toBe(2)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking-metrics.png') })

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Metrics as CSV' }).click()])
    const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n')
    expect(csv[0]).toBe(
      'key,name,impressions,impressions_spark,delta_pct,rank_delta,publications_count,publishers_count,avg_position,trends_count,avg_lifespan_hours,lived_hours,related,last_seen',
    )
    expect(csv).toContain('/m/fed,Federal Reserve,2700,0 2700,100,0,2,1,2.8,2,1.5,3,,2026-11-20T11:00:00.000Z')
  })

  it('asks a list\'s metrics together with the list, once, when its page is opened as a link, and once for another window', async () => {
    const events: string[] = []
    const metricsPath = `/v1/tracking/lists/${IDS.entityList}/metrics`
    const detailPath = `/v1/tracking/lists/${IDS.entityList}`
    const onRequest = (r: { url(): string }) => new URL(r.url()).pathname === metricsPath && events.push('metrics asked')
    const onResponse = (r: { url(): string }) => new URL(r.url()).pathname === detailPath && events.push('list answered')
    page.on('request', onRequest)
    page.on('response', onResponse)
    try {
      await page.goto(`${server.url}/tracking/${IDS.entityList}/metrics`)
      // the rows drawn from the answer (the panel took the answer asked ahead: no second request)
      await page.getByRole('table', { name: 'Metrics' }).locator('tbody tr td:first-child > div:first-child').first().waitFor()
      expect(events).toEqual(['metrics asked', 'list answered'])
      // another window, the list already there: the panel asks once more, nothing ahead
      events.length = 0
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === metricsPath)
      await page.getByRole('radio', { name: '24 h' }).click()
      await answered
      expect(events).toEqual(['metrics asked'])
    } finally {
      page.off('request', onRequest)
      page.off('response', onResponse)
    }
  })

  it('creates a mention list in the editor, scans it and shows the matches highlighted', async () => {
    await page.getByRole('button', { name: 'New list' }).click()
    const form = page.getByRole('form', { name: 'New list' })
    await form.getByLabel('Kind').selectOption('mention')
    await form.getByLabel('Name').fill('Rates watch')
    await form.getByRole('button', { name: 'Create list' }).click()
    await page.getByRole('region', { name: 'List Rates watch' }).waitFor()
    const add = page.getByRole('form', { name: 'Add an item' })
    await add.getByLabel('Add a keyword').fill('rate')
    await add.getByRole('button', { name: 'Add' }).click()
    await page.getByRole('table', { name: 'Items' }).getByRole('cell', { name: 'rate', exact: true }).waitFor()
    await add.getByLabel('Add a keyword').fill('Federal Reserve')
    await add.getByLabel('Match').selectOption('exact')
    await add.getByRole('button', { name: 'Add' }).click()
    await expect.poll(() => page.getByLabel('Scan status').innerText(), { timeout: 15_000 }).toMatch(/Scan: ready/)
    await page.getByRole('table', { name: 'Items' }).getByRole('cell', { name: 'Federal Reserve', exact: true }).waitFor()
    expect(await page.getByLabel('Usage', { exact: true }).innerText()).toMatch(/mention\s*4 \/ 200/i)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking-editor.png') })

    await page.getByRole('tab', { name: 'Matches' }).click()
    const matches = page.getByRole('list', { name: 'Matches' })
    await matches.locator('li').first().waitFor()
    expect(await matches.locator('li').count()).toBe(1)
    expect(await matches.locator('mark').allInnerTexts()).toEqual(expect.arrayContaining(['rates', 'Federal Reserve']))
    await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking-matches.png') })

    // the title links to the article inside the app (its cabinet_url)
    await matches.getByRole('link', { name: /Fed holds rates steady/ }).click()
    await page.waitForURL(`**/article/${IDS.a1}`)
    await page.getByRole('heading', { name: 'Fed holds rates steady' }).first().waitFor()
  })

  it('rolls a list up in panels, and deletes a list', async () => {
    await page.goto(`${server.url}/tracking/${IDS.entityList}/rollup`)
    await page.getByRole('radio', { name: '24 h' }).click()
    const trends = page.getByRole('region', { name: 'Trends' })
    await expect.poll(() => trends.innerText()).toContain('Fed holds rates')
    expect(await page.getByRole('region', { name: 'Sections' }).innerText()).toContain('/Business')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'tracking-rollup.png') })

    await page.getByRole('tab', { name: 'Edit' }).click()
    page.once('dialog', (d) => void d.accept())
    await page.getByRole('button', { name: 'Delete list' }).click()
    await page.waitForURL('**/tracking')
    await expect.poll(() => page.getByRole('table', { name: 'Tracking lists' }).innerText()).not.toContain('People & orgs')
    expect(world.store.tracking.list(IDS.entityList, 0)).toBeUndefined()
    expect(pageErrors).toEqual([])
  })
})
