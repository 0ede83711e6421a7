import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../electron/core/http/server'
import { IDS } from '../helpers/fixture'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { SCREENSHOTS, useScreens } from './browser'

/** What the page reports of an element that may scroll (the Node typings here know no DOM). */
type Scroller = { scrollWidth: number; clientWidth: number }

/** The window as an instrument: every view a link, Back/Forward, not-found pages, periods, exports, keyboard, theme. */
describe('exploring in Chromium: links, periods, exports, keyboard and theme', () => {
  const screens = useScreens({ fixture: true })
  let server: RunningServer
  let page: Page
  let pageErrors: string[]
  beforeAll(() => ({ server, page, errors: pageErrors } = screens))

  const cardTitle = () => page.locator('.split .card h2').first()

  it('restores a trend and the list filters from a pasted link, with the trend in the title', async () => {
    await page.goto(`${server.url}/trends/${IDS.trend}?state=hot&sort_order=asc`)
    await expect.poll(() => cardTitle().innerText()).toBe('Fed holds rates')
    expect(await page.getByRole('combobox', { name: /^State/ }).inputValue()).toBe('hot')
    expect(await page.getByLabel('Order').inputValue()).toBe('asc')
    await expect.poll(() => page.title()).toBe('Fed holds rates · Trends · Feedlens')
    // the filtered list holds only the hot trend
    const rows = page.getByRole('table', { name: 'Trends' }).locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(1)
  })

  it('keeps every column of the trend list in view beside an open card at 1440 px', async () => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`${server.url}/trends/${IDS.trend}`)
    await expect.poll(() => cardTitle().innerText()).toBe('Fed holds rates')
    const scroller = page.getByRole('table', { name: 'Trends' }).locator('xpath=ancestor::div[contains(@class, "table-scroll")]')
    // the last article's time breaks between its date and its clock rather than push the table sideways
    expect(await scroller.evaluate((el) => (el as unknown as Scroller).scrollWidth - (el as unknown as Scroller).clientWidth)).toBeLessThanOrEqual(0)
    const lastArticle = page.getByRole('table', { name: 'Trends' }).locator('tbody tr').first().locator('td').last()
    expect(await lastArticle.innerText()).toMatch(/^\d{4}-\d\d-\d\d\s\d\d:\d\d$/)
  })

  it('cuts the trend list at a size from its link, and says which filters leave it empty, with a way out', async () => {
    // both trends of the fixture have one article
    await page.goto(`${server.url}/trends?min_articles=2&state=hot`)
    expect(await page.getByLabel('At least').inputValue()).toBe('2')
    await page.getByRole('heading', { name: 'No trend matches these filters' }).waitFor()
    expect(await page.getByText('No trends yet').count()).toBe(0)
    await page.getByRole('button', { name: 'Clear the filters' }).click()
    await expect.poll(() => page.getByRole('table', { name: 'Trends' }).locator('tbody tr').count()).toBe(2)
    expect(new URL(page.url()).search).toBe('')
    expect(await page.getByLabel('At least').inputValue()).toBe('1')
    // a size the choices do not offer is shown as it is; a size that is no number is the default
    await page.goto(`${server.url}/trends?min_articles=3`)
    await expect.poll(() => page.getByLabel('At least').inputValue()).toBe('3')
    await page.goto(`${server.url}/trends?min_articles=many`)
    await expect.poll(() => page.getByRole('table', { name: 'Trends' }).locator('tbody tr').count()).toBe(2)
    await page.getByLabel('At least').selectOption('5')
    await expect.poll(() => new URL(page.url()).searchParams.get('min_articles')).toBe('5')
    await page.getByRole('heading', { name: 'No trend matches these filters' }).waitFor()
  })

  it('goes Back and Forward between views and keeps each one exact', async () => {
    await page.goto(`${server.url}/trends/${IDS.trend}?state=hot`)
    await expect.poll(() => cardTitle().innerText()).toBe('Fed holds rates')
    await page.getByRole('button', { name: /Market reaction/ }).click()
    await expect.poll(() => cardTitle().innerText()).toBe('Market reaction')
    expect(new URL(page.url()).pathname).toBe(`/trends/${IDS.child}`)
    expect(new URL(page.url()).searchParams.get('state')).toBe('hot')
    await page.getByRole('combobox', { name: /^State/ }).selectOption('')
    await expect.poll(() => new URL(page.url()).searchParams.has('state')).toBe(false)
    await page.goBack()
    await expect.poll(() => page.getByRole('combobox', { name: /^State/ }).inputValue()).toBe('hot')
    await page.goBack()
    await expect.poll(() => cardTitle().innerText()).toBe('Fed holds rates')
    await page.goForward()
    await expect.poll(() => cardTitle().innerText()).toBe('Market reaction')
  })

  it('answers an unknown path and an unknown id with a not-found page and a way back', async () => {
    const response = await page.goto(`${server.url}/no-such-screen`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Not found' }).waitFor()
    expect(await page.title()).toBe('Not found · Feedlens')
    await page.getByRole('button', { name: 'Go to Trends' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/trends')

    await page.goto(`${server.url}/trends/00000000-0000-4000-8000-00000000dead`)
    await page.getByText('This trend does not exist in this store').waitFor()
    await page.goto(`${server.url}/tracking/00000000-0000-4000-8000-00000000dead/metrics`)
    await page.getByText('This list does not exist in this store').waitFor()
    await page.goto(`${server.url}/article/00000000-0000-4000-8000-00000000dead`)
    await page.getByText('This article does not exist in this store').waitFor()
    // the API itself still answers JSON for an unknown path
    const api = await page.request.get(`${server.url}/v1/no-such-method`)
    expect(api.status()).toBe(404)
    expect(await api.json()).toEqual({ detail: 'Not Found' })
  })

  it('shows a custom period of a list from its link, with the figures the API gives for the same period', async () => {
    const query = 'period=custom&date_from=2026-11-20&date_to=2026-11-20&country=US'
    await page.goto(`${server.url}/tracking/${IDS.entityList}/metrics?${query}`)
    const table = page.getByRole('table', { name: 'Metrics' })
    await table.getByText('Federal Reserve', { exact: true }).waitFor()
    expect(await page.getByLabel('Period from').inputValue()).toBe('2026-11-20')
    expect(await page.getByRole('radio', { name: 'Custom' }).getAttribute('aria-checked')).toBe('true')
    // the window's days are both included: the API is asked up to midnight after the last one
    const api = (await (await page.request.get(`${server.url}/v1/tracking/lists/${IDS.entityList}/metrics?period=custom&date_from=2026-11-20&date_to=2026-11-21&country=US`)).json()) as {
      items: Array<{ name: string; impressions: number }>
    }
    const fed = api.items.find((i) => i.name === 'Federal Reserve')!
    expect(fed.impressions).toBe(2700)
    const fedRow = table.locator('tbody tr', { hasText: 'Federal Reserve' })
    expect(await fedRow.innerText()).toContain(fed.impressions.toLocaleString('en-US'))
    // a period ending before it starts is said plainly and asks nothing
    await page.getByLabel('Period to').fill('2026-11-01')
    await page.getByText('The period ends before it starts.').waitFor()
    // the other tab keeps the window
    await page.getByLabel('Period to').fill('2026-11-20')
    await page.getByRole('tab', { name: 'Roll-up' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('date_from')).toBe('2026-11-20')
  })

  it('exports a table as CSV holding exactly its rows, named after the view', async () => {
    await page.goto(`${server.url}/trends`)
    const rows = page.getByRole('table', { name: 'Trends' }).locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Trends as CSV' }).click()])
    expect(download.suggestedFilename()).toBe('trends_all_last-article-at.csv')
    const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n')
    expect(csv[0]).toBe('label,country_scope,state,structural_type,article_count,impressions,best_position,last_article_at,id')
    const labels = csv.slice(1).map((line) => line.split(',')[0])
    const shown = await page.getByRole('table', { name: 'Trends' }).locator('tbody tr td:first-child').allInnerTexts()
    expect(labels.sort()).toEqual(shown.map((s) => s.replace(/\s+US$/, '')).sort())
  })

  it('shows each article\'s feed figures in the period, as the API gives them', async () => {
    await page.goto(`${server.url}/articles?period=custom&date_from=2026-11-20&date_to=2026-11-20&sort_by=impressions`)
    const rows = page.getByRole('table', { name: 'Articles' }).locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(3)
    const api = (await (await page.request.get(`${server.url}/app/articles?date_from=2026-11-20&date_to=2026-11-21&sort_by=impressions`)).json()) as {
      articles: Array<{ title: string; impressions: number; best_position: number; avg_position: number; hours_in_feed: number; trend: { label: string } | null }>
    }
    expect(api.articles.map((a) => a.impressions)).toEqual([1600, 1100, 500])
    const cells = async (i: number) => (await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim())
    const first = await cells(0)
    expect(first.slice(0, 8)).toEqual(['Fed holds rates steady', 'example.com', 'US', 'Fed holds rates', '1,600', '1', '2', '2'])
    expect((await cells(2)).slice(3, 8)).toEqual(['—', '500', '1', '1', '0'])
    // compared with chosen days (the same day): each row's change beside its impressions
    await page.getByLabel('Compare with').selectOption('custom')
    await page.getByLabel('Compared from').fill('2026-11-20')
    await page.getByLabel('Compared to').fill('2026-11-20')
    await expect.poll(async () => (await cells(0)).slice(4, 6)).toEqual(['1,600', '■ 0.0 %'])
  })

  it('drills down from a metrics row to the articles of that item in the same window', async () => {
    await page.goto(`${server.url}/tracking/${IDS.entityList}/metrics?period=custom&date_from=2026-11-20&date_to=2026-11-20&country=US`)
    const row = page.getByRole('table', { name: 'Metrics' }).locator('tbody tr', { hasText: 'Federal Reserve' })
    await row.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/articles')
    const q = new URL(page.url()).searchParams
    // the articles the row counts: the entity by its id, seen in the US feed in the same days
    expect([q.get('entity'), q.get('entity_name'), q.get('market'), q.get('period'), q.get('date_from'), q.get('date_to')]).toEqual(['/m/fed', 'Federal Reserve', 'US', 'custom', '2026-11-20', '2026-11-20'])
    await page.getByText('Entity: Federal Reserve').waitFor()
    const titles = page.getByRole('table', { name: 'Articles' }).locator('tbody tr td:first-child')
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Fed holds rates steady', 'Markets react to the Fed'])
    // the chip takes the entity off again
    await page.getByRole('button', { name: 'Remove Entity: Federal Reserve' }).click()
    await expect.poll(() => titles.count()).toBe(2) // US only: the DE article stays out
    expect(new URL(page.url()).searchParams.has('entity')).toBe(false)
    // words searched for can be tracked as a keyword of a mention list
    await page.getByLabel('Search').fill('rates')
    await page.getByLabel('Search').press('Enter')
    await page.getByRole('button', { name: 'Track “rates”' }).click()
    await page.getByRole('menuitem', { name: /Brand watch/ }).click()
    await page.getByText('Added to “Brand watch”.').waitFor()
    const mentions = (await (await page.request.get(`${server.url}/v1/tracking/lists/${IDS.mentionList}`)).json()) as { items: Array<{ name: string }> }
    expect(mentions.items.map((i) => i.name)).toContain('rates')
  })

  it('finds trends by words, compares two on one chart, and opens a trend\'s articles', async () => {
    await page.goto(`${server.url}/trends`)
    await page.getByLabel('Search').fill('market')
    await page.getByLabel('Search').press('Enter')
    const rows = page.getByRole('table', { name: 'Trends' }).locator('tbody tr')
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(1)
    expect(await rows.first().innerText()).toContain('Market reaction')
    expect(new URL(page.url()).searchParams.get('q')).toBe('market')

    await page.goto(`${server.url}/trends/${IDS.trend}`)
    // the card's feed figures: a1's 1,600 impressions, best at position 1
    const facts = page.locator('.split dl.facts')
    await expect.poll(() => facts.innerText()).toMatch(/Impressions\s+1,600\s+Peak position\s+1\s/)
    await page.getByRole('button', { name: 'Compare' }).click()
    await page.goto(`${server.url}/trends/${IDS.child}?${new URL(page.url()).searchParams}`)
    await page.getByRole('button', { name: 'Compare' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe(`${IDS.trend},${IDS.child}`)
    await page.getByRole('img', { name: 'Articles per day of Fed holds rates, Market reaction' }).waitFor()
    await page.getByRole('button', { name: 'Take Fed holds rates out of the comparison' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe(IDS.child)

    await page.getByRole('button', { name: 'All articles' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('trend_id')).toBe(IDS.child)
    await page.getByText('Trend: Market reaction').waitFor()
  })

  it('tracks a trend from its card into a trend list', async () => {
    await page.goto(`${server.url}/trends/${IDS.child}`)
    await page.getByRole('button', { name: 'Track' }).click()
    await page.getByRole('menuitem', { name: /Stories/ }).click()
    await page.getByText('Added to “Stories”.').waitFor()
    const list = (await (await page.request.get(`${server.url}/v1/tracking/lists/${IDS.trendList}`)).json()) as { items: Array<{ key: string }> }
    expect(list.items.map((i) => i.key).sort()).toEqual([IDS.trend, IDS.child].sort())
    // a kind without a list yet offers to start one
    await page.getByRole('button', { name: 'Track' }).click()
    await page.getByRole('menuitem', { name: 'New trend list…' }).click()
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/tracking?new=trend')
    expect(await page.getByRole('form', { name: 'New list' }).getByLabel('Kind').inputValue()).toBe('trend')
  })

  it('maps the feed by country in a period, with the figures the API gives, and language names', async () => {
    await page.goto(`${server.url}/geography?period=custom&date_from=2026-11-20&date_to=2026-11-20&figure=articles`)
    await page.getByRole('img', { name: 'World map of the markets coloured by articles' }).waitFor()
    const api = (await (await page.request.get(`${server.url}/app/geography/countries?date_from=2026-11-20&date_to=2026-11-21`)).json()) as {
      countries: Array<{ alpha_2: string; articles: number; impressions: number }>
    }
    expect(api.countries.map((c) => [c.alpha_2, c.articles, c.impressions])).toEqual([['DE', 1, 500], ['US', 2, 2700]])
    const us = page.getByRole('table', { name: 'Regions' }).locator('tbody tr', { hasText: 'United States' })
    const cells = (await us.locator('td').allInnerTexts()).map((t) => t.trim())
    expect(cells.slice(1, 4)).toEqual(['English', '2', '2,700'])
    // another period: nothing seen on the 21st
    await page.getByRole('radio', { name: 'Custom' }).waitFor()
    await page.getByLabel('Period from').fill('2026-11-21')
    await page.getByLabel('Period to').fill('2026-11-21')
    await expect.poll(async () => (await us.locator('td').allInnerTexts()).map((t) => t.trim()).slice(2, 4)).toEqual(['0', '0'])
    // against the day before (the 20th): all of its 2,700 impressions gone
    await page.getByLabel('Compare with').selectOption('previous')
    await expect.poll(async () => (await us.locator('td').allInnerTexts()).map((t) => t.trim()).slice(2, 5)).toEqual(['0', '0', '▼ -100.0 %'])
    expect(new URL(page.url()).searchParams.get('compare')).toBe('previous')
    // or with chosen days: the 21st itself, nothing in either
    await page.getByLabel('Compare with').selectOption('custom')
    await page.getByLabel('Compared from').fill('2026-11-21')
    await page.getByLabel('Compared to').fill('2026-11-21')
    await expect.poll(async () => (await us.locator('td').allInnerTexts()).map((t) => t.trim()).slice(2, 5)).toEqual(['0', '0', '—'])
    expect(new URL(page.url()).searchParams.get('compare_from')).toBe('2026-11-21')
  })

  it('shows a publisher\'s feed performance in the period beside its profile, and tracks it', async () => {
    await page.goto(`${server.url}/publishers?mode=bulk&q=example.com%0Azeitung.de&period=custom&date_from=2026-11-20&date_to=2026-11-20`)
    const row = page.getByRole('table', { name: 'Publisher profiles' }).locator('tbody tr', { hasText: 'Example News' })
    await expect.poll(async () => (await row.locator('td').allInnerTexts()).map((t) => t.trim()).slice(3, 7)).toEqual(['2', '2,700', '84.38 %', '2.8'])
    expect(await row.locator('td').last().innerText()).toBe('Fed holds rates\nMarket reaction')
    const zeitung = page.getByRole('table', { name: 'Publisher profiles' }).locator('tbody tr', { hasText: 'Die Zeitung' })
    await zeitung.getByRole('button', { name: 'Track' }).click()
    await page.getByRole('menuitem', { name: /Competitors/ }).click()
    await zeitung.getByText('Added to “Competitors”.').waitFor()
    const list = (await (await page.request.get(`${server.url}/v1/tracking/lists/${IDS.publisherList}`)).json()) as { items: Array<{ key: string }> }
    expect(list.items.map((i) => i.key).sort()).toEqual(['example.com', 'zeitung.de'])
  })

  it('exports every match of a mention list as CSV, the totals agreeing with the list', async () => {
    // the matches follow the list's window: its period (here the day of every match), market and language
    await page.goto(`${server.url}/tracking/${IDS.mentionList}/matches?period=custom&date_from=2026-11-20&date_to=2026-11-20`)
    const items = page.getByRole('list', { name: 'Matches' }).locator('li')
    await items.first().waitFor()
    const detail = (await (await page.request.get(`${server.url}/v1/tracking/lists/${IDS.mentionList}`)).json()) as { matches_count: number }
    const shown = await items.count()
    await page.getByText(`${shown} publication${shown === 1 ? '' : 's'} with ${detail.matches_count} match${detail.matches_count === 1 ? '' : 'es'} first seen in the window`).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Matches as CSV' }).click()])
    expect(download.suggestedFilename()).toBe('Brand-watch_matches_2026-11-20-2026-11-20_all_all.csv')
    const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n')
    expect(csv[0]).toBe('title,publisher,country,lang,first_seen_at,keywords,url,id')
    expect(csv).toHaveLength(shown + 1)
    // a filter is part of the link
    await page.getByLabel('phrase').check()
    await page.getByRole('button', { name: 'Show' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('match_types')).toBe('phrase')
  })

  it('puts the focus where the next step is: on a new list\'s first item, and on New list after a deletion', async () => {
    await page.goto(`${server.url}/tracking`)
    await page.getByRole('button', { name: 'New list' }).click()
    const form = page.getByRole('form', { name: 'New list' })
    await form.getByLabel('Name').fill('Focus test')
    await form.getByRole('button', { name: 'Create list' }).click()
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("placeholder") ?? ""')).not.toBe('')
    expect(await page.evaluate('document.activeElement?.closest("label")?.textContent ?? ""')).toMatch(/^Add an entity/)
    page.once('dialog', (d) => void d.accept())
    await page.getByRole('button', { name: 'Delete list' }).click()
    await expect.poll(() => page.evaluate('document.activeElement?.textContent ?? ""')).toBe('New list')
    await expect.poll(() => page.getByRole('table', { name: 'Tracking lists' }).getByText('Focus test').count()).toBe(0)
  })

  it('saves a chart as a PNG', async () => {
    await page.goto(`${server.url}/article/${IDS.a1}`)
    await page.locator('.card canvas').first().waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Save .* as PNG/ }).click()])
    expect(download.suggestedFilename()).toBe(`article_${IDS.a1}.png`)
    const bytes = fs.readFileSync((await download.path())!)
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    // and its series as CSV, a line per point
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Save .*'s series as CSV/ }).first().click()])
    expect(csv.suggestedFilename()).toBe(`article_${IDS.a1}.csv`)
    const lines = fs.readFileSync((await csv.path())!, 'utf8').trim().split('\r\n')
    expect(lines[0]!.startsWith('point,')).toBe(true)
    expect(lines.length).toBeGreaterThan(1)
  })

  it('asks a screen\'s first questions while its code loads, each once, when it is opened as a link', async () => {
    // each screen's chunk is held back until the questions it asks first have gone out: they can
    // only come from the window's own code (app/ask-ahead.ts), not from the screen's
    const screensAsked: Array<[string, string, number]> = [
      ['/signals', 'SignalsPage', 10], // the regions, the stored 30 days, topics, formats, categories, five format groups
      [`/trends/${IDS.trend}`, 'TrendsPage', 10], // hierarchy, the list's page, the card, parents, children, figures, four roles' articles
      ['/geography', 'GeographyPage', 4], // entity suggestions, markets, languages, the countries' figures
      ['/articles?period=7d', 'ArticlesPage', 1],
    ]
    for (const [screen, chunk, questions] of screensAsked) {
      await page.goto('about:blank')
      const asked: string[] = []
      const onRequest = (r: { url(): string }) => {
        const url = new URL(r.url())
        // the window's own questions (its status, the sidebar's saved views) are not the screen's
        if (/^\/(v1|public|app)\//.test(url.pathname) && !['/app/status', '/app/views'].includes(url.pathname)) asked.push(url.pathname + url.search)
      }
      let askedWhileHeld = -1
      const hold = new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`)
      await page.route(hold, async (route) => {
        await expect.poll(() => asked.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(questions).catch(() => undefined)
        askedWhileHeld = asked.length
        await route.continue()
      })
      page.on('request', onRequest)
      try {
        await page.goto(`${server.url}${screen}`)
        await page.locator('main h1').first().waitFor()
        await page.waitForLoadState('networkidle')
        expect(askedWhileHeld, screen).toBe(questions)
        // the screen took the answers asked ahead: nothing was asked twice
        expect(asked.length - new Set(asked).size, `${screen}: ${asked.join(' ')}`).toBe(0)
      } finally {
        page.off('request', onRequest)
        await page.unroute(hold)
      }
    }
  })

  it('works from the keyboard: "/" to search, arrows and Enter in a table, "?" for the shortcuts', async () => {
    await page.goto(`${server.url}/articles`)
    await page.getByRole('table', { name: 'Articles' }).locator('tbody tr').first().waitFor()
    await page.locator('body').press('/')
    expect(await page.evaluate('document.activeElement?.getAttribute("placeholder")')).toBe('words in the title or text')
    await page.keyboard.type('Berlin')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Berlin')
    await page.getByRole('table', { name: 'Articles' }).locator('tbody tr', { hasText: 'Berlin baut' }).waitFor()

    await page.goto(`${server.url}/trends`)
    const rows = page.getByRole('table', { name: 'Trends' }).locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    await rows.first().focus()
    await page.keyboard.press('ArrowDown')
    const second = await rows.nth(1).locator('td').first().innerText()
    await page.keyboard.press('Enter')
    await expect.poll(() => cardTitle().innerText()).toBe(second.replace(/\s+US$/, ''))

    await page.locator('body').press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' })
  })

  it('finds anything with Ctrl+K: typed, moved through with the arrows, opened with Enter or a click, from any screen and field', async () => {
    await page.goto(`${server.url}/articles`)
    await page.getByRole('table', { name: 'Articles' }).locator('tbody tr').first().waitFor()
    // even while the view's own search field has the focus
    await page.locator('body').press('/')
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: 'Find anything' })
    await dialog.waitFor()
    await page.keyboard.type('fed')
    const options = dialog.getByRole('option')
    await expect.poll(() => options.count()).toBe(4)
    expect((await options.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      'Fed holds rates hot · 1',
      'Federal Reserve Organization · 2',
      'Markets react to the Fed example.com',
      'Fed holds rates steady example.com',
    ])
    // each kind under its name
    expect(await dialog.locator('li.find-kind').allTextContents()).toEqual(['Trends', 'Entities', 'Articles'])
    expect(await options.first().getAttribute('aria-selected')).toBe('true')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'find-anything.png') })
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await options.nth(2).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/article/${IDS.a2}`)
    await dialog.waitFor({ state: 'detached' })
    // a click opens a list; Esc closes without going anywhere
    await page.keyboard.press('Control+k')
    await page.keyboard.type('compet')
    await dialog.getByRole('option', { name: /Competitors/ }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/tracking/${IDS.publisherList}/metrics`)
    // "/" on a screen without a search of its own opens the one search too
    await page.locator('body').press('/')
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /Find anything/ }).click()
    await page.keyboard.type('zz nothing')
    await dialog.getByText('Nothing is called “zz nothing”.').waitFor()
    // dark, at 1024 px
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.evaluate('document.documentElement.dataset.theme = "dark"')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark-1024-find-anything.png') })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(`/tracking/${IDS.publisherList}/metrics`)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.reload()
  })

  it('saves the view on screen under a name in the sidebar, opens it again, renames and forgets it', async () => {
    await page.goto(`${server.url}/trends/${IDS.trend}?state=hot`)
    await expect.poll(() => cardTitle().innerText()).toBe('Fed holds rates')
    const saved = page.getByRole('region', { name: 'Saved views' })
    await saved.getByRole('button', { name: '+ Save this view' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save this view' })
    // the view's own title is offered as its name
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Fed holds rates · Trends')
    await dialog.getByLabel('Name').fill('Hot Fed story')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await saved.getByRole('link', { name: 'Hot Fed story' }).waitFor()
    // the same name again is refused, in the dialog
    await saved.getByRole('button', { name: '+ Save this view' }).click()
    await dialog.getByLabel('Name').fill('hot fed STORY')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText('A view is already saved as “Hot Fed story”').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.screenshot({ path: path.join(SCREENSHOTS, 'saved-views.png') })
    // elsewhere, then back by its name: the very view (its filter and its card)
    await page.getByRole('link', { name: 'Geography' }).click()
    await saved.getByRole('link', { name: 'Hot Fed story' }).click()
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`/trends/${IDS.trend}?state=hot`)
    await expect.poll(() => cardTitle().innerText()).toBe('Fed holds rates')
    expect(await page.getByRole('combobox', { name: /^State/ }).inputValue()).toBe('hot')
    await saved.getByRole('button', { name: 'Rename Hot Fed story' }).click()
    await page.getByRole('dialog', { name: 'Rename the saved view' }).getByLabel('Name').fill('The Fed, hot')
    await page.getByRole('dialog', { name: 'Rename the saved view' }).getByRole('button', { name: 'Save' }).click()
    await saved.getByRole('link', { name: 'The Fed, hot' }).waitFor()
    page.once('dialog', (d) => void d.accept())
    await saved.getByRole('button', { name: 'Forget The Fed, hot' }).click()
    await saved.getByRole('link', { name: 'The Fed, hot' }).waitFor({ state: 'detached' })
  })

  it('ranks winners and losers of the Signals period against the one before, each row opening its articles or its card', async () => {
    await page.goto(`${server.url}/signals`)
    const table = page.getByRole('table', { name: 'Winners and losers' })
    await table.scrollIntoViewIfNeeded()
    const rows = table.locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    // the 30 days before held nothing: each gained all it has
    expect((await rows.allInnerTexts()).map((t) => t.split('\t').slice(0, 5).join('|'))).toEqual(['Example News|2,700|0|+2,700|2', 'Die Zeitung|500|0|+500|1'])
    await page.getByRole('combobox', { name: 'Of' }).selectOption('trend')
    await expect.poll(() => new URL(page.url()).searchParams.get('leaders')).toBe('trend')
    await expect.poll(async () => (await rows.first().innerText()).split('\t')[0]).toBe('Fed holds rates')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'signals-leaders.png'), fullPage: true })
    await rows.first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/trends/${IDS.trend}`)
    // on Geography too, for the chosen market
    await page.goto(`${server.url}/geography?region=DE`)
    const there = page.getByRole('table', { name: 'Winners and losers' }).locator('tbody tr')
    await expect.poll(async () => (await there.allInnerTexts()).map((t) => t.split('\t').slice(0, 4).join('|'))).toEqual(['Die Zeitung|500|0|+500'])
  })

  it('writes a note on the Signals timeline, lists it with the period\'s updates, and deletes it', async () => {
    await page.goto(`${server.url}/signals?country=DE`)
    const notes = page.getByRole('region', { name: 'Annotations' })
    await notes.getByText('No announced update, no note and no new data in this period.').waitFor()
    const form = notes.getByRole('form', { name: 'Add a note' })
    await form.getByLabel('Note from').fill('2026-11-19')
    await form.getByPlaceholder('what happened (500 characters at most)').fill('Homepage redesign went live')
    await form.getByRole('button', { name: 'Add note' }).click()
    const item = notes.getByRole('listitem').filter({ hasText: 'Homepage redesign went live' })
    await item.waitFor()
    // written for Germany, the view's country
    expect(await item.innerText()).toMatch(/^note · DE\s+2026-11-19 Homepage redesign went live/)
    await page.screenshot({ path: path.join(SCREENSHOTS, 'signals-annotations.png') })
    await item.getByRole('button', { name: 'Delete the note Homepage redesign went live' }).click()
    await item.waitFor({ state: 'detached' })
  })

  it('shows the totals of every article the filters hold above the list, with their change against the period compared', async () => {
    await page.goto(`${server.url}/articles?domain=example.com`)
    const strip = page.getByLabel('Totals of these articles')
    await expect.poll(() => strip.locator('dt').allInnerTexts()).toEqual(['Impressions', 'Articles', 'Publishers', 'Best position', 'Mean position'])
    expect((await strip.locator('dd').allInnerTexts()).map((t) => t.trim())).toEqual(['2,700', '2', '1', '1', '2.8'])
    // a period and the one before it: each figure with its change (the day before held nothing: no change to tell)
    await page.goto(`${server.url}/articles?domain=example.com&period=7d&compare=previous`)
    await expect.poll(async () => (await strip.locator('dd').first().innerText()).trim()).toBe('2,700 —')
    // or with the same period a year before, from the period control
    await page.getByRole('combobox', { name: 'Compare with' }).selectOption('year')
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('year')
    await expect.poll(async () => (await strip.locator('dd').first().innerText()).trim()).toBe('2,700 —')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'articles-totals.png') })
  })

  it('checks a pasted list line by line, showing the lines that are not domains beside the others', async () => {
    await page.goto(`${server.url}/publishers?mode=bulk&q=${encodeURIComponent('example.com\nnot a domain at all\nzeitung.de')}`)
    const table = page.getByRole('table', { name: 'Publisher profiles' })
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2)
    expect(await page.getByRole('list', { name: 'Lines not checked' }).innerText()).toBe('line 2, not a domain at all: Input should be a domain or a URL, e.g. example.com')
    expect(await page.getByLabel('Domains or URLs, one per line (at most 100)').inputValue()).toBe('example.com\nnot a domain at all\nzeitung.de')
  })

  it('follows a dark theme and fits 1024 px without sideways scrolling on every screen', async () => {
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.goto(`${server.url}/trends`)
    await page.getByRole('combobox', { name: /^Theme/ }).selectOption('dark')
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe('dark')
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor')
    expect(background).not.toBe('rgb(245, 246, 248)')
    for (const screen of ['trends', `trends/${IDS.trend}`, `tracking/${IDS.entityList}/metrics`, 'signals', 'articles', 'geography?region=DE', 'publishers', 'settings']) {
      await page.goto(`${server.url}/${screen}`)
      await page.locator('.page h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
      expect(overflow, screen).toBeLessThanOrEqual(0)
      await page.screenshot({ path: path.join(SCREENSHOTS, `dark-1024-${screen.split(/[/?]/)[0]}.png`) })
    }
    await page.getByRole('combobox', { name: /^Theme/ }).selectOption('system')
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('says quietly while trends and signals are recomputed after new data, and shows the new figures when they are done', async () => {
    await page.goto(`${server.url}/articles?period=custom&date_from=2026-11-21&date_to=2026-11-21`)
    await page.getByText('No articles').waitFor()
    expect(await page.getByRole('status').filter({ hasText: 'being recomputed' }).count()).toBe(0)
    // data arrives (as from an import in another process): the analytics are behind it
    new IngestWriter(screens.world.store).write({
      observations: [{ articleId: IDS.a3, country: 'DE', observedAt: '2026-11-21T10:00:00.000Z', position: 2, estimatedImpressions: 70 }],
    })
    // coming back to the window looks at the status: the notice, while the view still shows what it had
    await page.evaluate('window.dispatchEvent(new Event("focus"))')
    await page.getByRole('status').filter({ hasText: 'Trends and signals are being recomputed' }).waitFor()
    expect(await page.getByText('No articles').count()).toBe(1)
    refreshAnalytics(screens.world.store, screens.world.now())
    // the next look at the status (every 3 s meanwhile) finds them done: the notice goes and the view loads again by itself
    await page.getByRole('status').filter({ hasText: 'being recomputed' }).waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByRole('table', { name: 'Articles' }).locator('tbody tr', { hasText: 'Berlin baut' }).waitFor()
  })

  it('raised no errors in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
