import { strToU8, zipSync } from 'fflate'
import fs from 'node:fs'
import path from 'node:path'
import countryCodes from 'i18n-iso-countries'
import { importSearchConsole } from '../ingest/search-console/gsc-import'
import type { Store } from '../store/store'
import { dayKeyOfIndex } from '../time/buckets'
import { Random } from './random'

/**
 * The demo world's own site: one publisher of the demo feed with a Search Console export of its
 * own, drawn from what the feed showed of it (its Discover impressions are its feed impressions;
 * its clicks a click-through rate of about 4.5% of them). Two days stand out: a shake-up day of the
 * feed, on which the site lost its place as the feed churned (a real drop of the market), and a
 * calm day on which its clicks fell while the feed showed it as before (a drop of the site alone).
 * The export is written as Search Console writes it (a zip of CSV tables, the last three months,
 * and the API's answer by day, page and country) into the data folder's demo/ folder and imported
 * from there, so a first start shows "My site" working and the files show the formats.
 */

export interface DemoSite {
  property: string
  domain: string
  country: string
  /** the shake-up day of the market's drop, and the site's own drop day */
  marketDrop: string
  siteDrop: string
  files: string[]
}

const CTR = 0.045
/** The site's own drop: readers clicked less than half as often that day. */
const SITE_DROP_CTR = 0.42

const csv = (rows: Array<Array<string | number>>) => `${rows.map((r) => r.map((v) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n')}\n`
const pct = (clicks: number, impressions: number) => `${impressions > 0 ? ((clicks / impressions) * 100).toFixed(2) : '0'}%`

/** Impressions a day over the seven days before `day`, on average: what "Is it us or the market?" compares a day with. */
function meanOfWeekBefore(byDay: ReadonlyMap<number, number>, day: number): number {
  let week = 0
  for (let d = day - 7; d < day; d++) week += byDay.get(d) ?? 0
  return week / 7
}

/**
 * The site's own drop day: of its recent days away from any shake-up of its country, the one on
 * which the feed showed it most nearly as much as on the week before (so that only the clicks move).
 */
function steadyDay(cells: ReadonlyArray<{ day: number; country: string; impressions: number }>, country: string, lastDay: number, shakeups: number[]): number {
  const byDay = new Map<number, number>()
  for (const c of cells) if (c.country === country) byDay.set(c.day, (byDay.get(c.day) ?? 0) + c.impressions)
  let best = lastDay - 3
  let bestGap = Number.POSITIVE_INFINITY
  for (let day = lastDay - 25; day <= lastDay - 2; day++) {
    if (shakeups.some((s) => Math.abs(s - day) <= 2)) continue
    const mean = meanOfWeekBefore(byDay, day)
    const gap = mean > 0 ? Math.abs((byDay.get(day) ?? 0) - mean) / mean : Number.POSITIVE_INFINITY
    if (gap < bestGap) [best, bestGap] = [day, gap]
  }
  return best
}

/** Chooses the site (of the busy publishers of the feed's last shake-up, the one it hit hardest), draws its export and imports it. Null when the world has no shake-up to draw from. */
export function addDemoSite(store: Store, seed: number, folder: string | null): DemoSite | null {
  const shake = store.searchConsole.demo.countryShakeups().at(-1)
  if (!shake) return null
  const country = shake.country
  const shakeDay = Math.floor(Date.parse(`${shake.day}T00:00:00Z`) / 86_400_000)
  // the ten busiest publishers of the country over the two weeks before the shake-up; the one that lost most on the day
  const byDomain = new Map<string, Map<number, number>>()
  for (const r of store.searchConsole.demo.domainsByDay(country, shakeDay - 14)) {
    const days = byDomain.get(r.domain) ?? byDomain.set(r.domain, new Map()).get(r.domain)!
    days.set(r.day, r.impressions)
  }
  const busiest = [...byDomain]
    .map(([domain, days]) => ({ domain, days, total: [...days].filter(([d]) => d < shakeDay).reduce((s, [, v]) => s + v, 0) }))
    .sort((a, b) => b.total - a.total || a.domain.localeCompare(b.domain))
    .slice(0, 10)
  // lost against its mean a day over the week before, as "Is it us or the market?" compares a day
  // (against the day before alone, a site that had a busy eve was chosen and read as holding)
  const drop = (days: Map<number, number>) => {
    const mean = meanOfWeekBefore(days, shakeDay)
    return (mean - (days.get(shakeDay) ?? 0)) / Math.max(1, mean)
  }
  const site = busiest.sort((a, b) => drop(b.days) - drop(a.days) || a.domain.localeCompare(b.domain))[0]
  if (!site) return null
  // Search Console's data runs to the day before: the world's last day (under way) is left out
  const lastDay = Math.max(...store.searchConsole.demo.cells(site.domain).map((c) => c.day)) - 1
  const cells = store.searchConsole.demo.cells(site.domain).filter((c) => c.day <= lastDay)
  const siteDrop = steadyDay(cells, country, lastDay, store.searchConsole.demo.countryShakeups().filter((s) => s.country === country).map((s) => Math.floor(Date.parse(`${s.day}T00:00:00Z`) / 86_400_000)))
  const rng = new Random(`demo-site:${seed}`)
  const ctrOf = new Map<number, number>()
  const ctr = (day: number) => ctrOf.get(day) ?? ctrOf.set(day, CTR * Math.exp(rng.normal(0, 0.08)) * (day === siteDrop ? SITE_DROP_CTR : 1)).get(day)!
  // the API's rows: a day, a page, a country (Search Console reports countries as ISO alpha-3, lower case)
  const apiRows: Array<{ keys: [string, string, string]; clicks: number; impressions: number; ctr: number }> = []
  const dates = new Map<number, { clicks: number; impressions: number }>()
  const pages = new Map<string, { clicks: number; impressions: number }>()
  const countries = new Map<string, { clicks: number; impressions: number }>()
  const firstExportDay = lastDay - 89
  for (const c of cells) {
    const impressions = Math.round(c.impressions)
    if (impressions === 0) continue
    const clicks = Math.min(impressions, Math.round(impressions * ctr(c.day)))
    const alpha3 = (countryCodes.alpha2ToAlpha3(c.country) ?? c.country).toLowerCase()
    apiRows.push({ keys: [dayKeyOfIndex(c.day), c.url, alpha3], clicks, impressions, ctr: clicks / impressions })
    if (c.day < firstExportDay) continue
    const add = (m: Map<string | number, { clicks: number; impressions: number }>, key: string | number) => {
      const v = m.get(key) ?? m.set(key, { clicks: 0, impressions: 0 }).get(key)!
      v.clicks += clicks
      v.impressions += impressions
    }
    add(dates as Map<string | number, { clicks: number; impressions: number }>, c.day)
    add(pages as Map<string | number, { clicks: number; impressions: number }>, c.url)
    add(countries as Map<string | number, { clicks: number; impressions: number }>, countryCodes.getName(c.country, 'en') ?? c.country)
  }
  const tables: Record<string, string> = {
    'Dates.csv': csv([['Date', 'Clicks', 'Impressions', 'CTR'], ...[...dates].sort((a, b) => b[0] - a[0]).map(([d, v]) => [dayKeyOfIndex(d), v.clicks, v.impressions, pct(v.clicks, v.impressions)])]),
    'Pages.csv': csv([['Top pages', 'Clicks', 'Impressions', 'CTR'], ...[...pages].sort((a, b) => b[1].clicks - a[1].clicks || a[0].localeCompare(b[0])).slice(0, 1000).map(([p, v]) => [p, v.clicks, v.impressions, pct(v.clicks, v.impressions)])]),
    'Countries.csv': csv([['Country', 'Clicks', 'Impressions', 'CTR'], ...[...countries].sort((a, b) => b[1].clicks - a[1].clicks).map(([n, v]) => [n, v.clicks, v.impressions, pct(v.clicks, v.impressions)])]),
    'Filters.csv': csv([['Filter', 'Value'], ['Search type', 'Discover'], ['Date', 'Last 3 months']]),
  }
  const property = `sc-domain:${site.domain}`
  const exportName = `${site.domain}-Performance-on-Discover-${dayKeyOfIndex(lastDay + 1)}.zip`
  const zip = zipSync(Object.fromEntries(Object.entries(tables).map(([name, text]) => [name, strToU8(text)])))
  const apiName = `${site.domain}-searchanalytics-discover-by-date-page-country.json`
  const api = strToU8(
    JSON.stringify(
      {
        siteUrl: property,
        request: { startDate: dayKeyOfIndex(Math.min(...cells.map((c) => c.day))), endDate: dayKeyOfIndex(lastDay), type: 'discover', dimensions: ['date', 'page', 'country'], rowLimit: 25000 },
        response: { rows: apiRows, responseAggregationType: 'byPage' },
      },
      null,
      1,
    ),
  )
  const files = folder ? [path.join(folder, exportName), path.join(folder, apiName)] : [exportName, apiName]
  if (folder) {
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(files[0]!, zip)
    fs.writeFileSync(files[1]!, api)
  }
  importSearchConsole(store, [{ name: exportName, bytes: zip }], { property })
  importSearchConsole(store, [{ name: apiName, bytes: api }], { property })
  return { property, domain: site.domain, country, marketDrop: shake.day, siteDrop: dayKeyOfIndex(siteDrop), files }
}
