import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { explain, type SiteComparison } from '../../electron/core/analytics/site/explain'
import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'
import { importFile } from '../../electron/core/ingest/importer'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { makeWorld, tempDir, type TestWorld } from '../helpers/core'

/**
 * My site against a small store whose figures are written out by hand: three days of a US feed
 * in which site.example has 1,000 of 2,000 impressions, then 600 of 2,000, then 400 of 2,000,
 * and its Search Console answer by day, page and country.
 */

const at = (day: number, hour = 10) => `2026-11-${day}T${String(hour).padStart(2, '0')}:00:00Z`
const observation = (day: number, url: string, position: number, impressions: number, title?: string) =>
  JSON.stringify({ observed_at: at(day), country: 'US', position, estimated_impressions: impressions, url, ...(title ? { title, lang: 'en' } : {}) })

const A = 'https://site.example/a'
const B = 'https://site.example/b'
const FEED = [
  observation(18, A, 1, 1000, 'Hurricane Milton hits Florida as Tampa evacuates'),
  observation(18, 'https://peer.example/c', 2, 500, 'Hurricane Milton hits Florida as Tampa evacuates'),
  observation(18, 'https://other.example/d', 3, 500, 'Markets close higher'),
  observation(19, A, 2, 600),
  observation(19, 'https://peer.example/c', 1, 900),
  observation(19, 'https://other.example/d', 3, 500),
  observation(20, B, 3, 400, 'Hurricane Milton floods Tampa'),
  observation(20, 'https://peer.example/c', 1, 800),
  observation(20, 'https://other.example/d', 2, 800),
]

const GSC = {
  request: { siteUrl: 'sc-domain:site.example', type: 'discover', dimensions: ['date', 'page', 'country'] },
  response: {
    rows: [
      { keys: ['2026-11-18', A, 'usa'], clicks: 50, impressions: 1000 },
      { keys: ['2026-11-19', A, 'usa'], clicks: 30, impressions: 600 },
      { keys: ['2026-11-20', B, 'usa'], clicks: 20, impressions: 400 },
      // a page the feed never showed
      { keys: ['2026-11-20', 'https://site.example/z', 'usa'], clicks: 5, impressions: 100 },
    ],
  },
}

let world: TestWorld
const appGet = async (url: string) => {
  const res = await world.get(url, world.session)
  return { status: res.status, body: (await res.json()) as any }
}

beforeAll(async () => {
  world = makeWorld({ regions: ['US'] })
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, 'feed.ndjson'), FEED.join('\n'))
  await importFile(world.store, path.join(dir, 'feed.ndjson'))
  // the trends, whose publishers are the site's peers: the site's story and its peer's are one
  // (the clustering's own choice is tested elsewhere; here the join is)
  refreshAnalytics(world.store, world.now())
  world.store.sqlite
    .prepare(`UPDATE trend_articles SET trend_id = (SELECT trend_id FROM trend_articles WHERE article_id = ?) WHERE article_id = ?`)
    .run(articleIdForUrl(A), articleIdForUrl('https://peer.example/c'))
  // (new trends, as a recompute would say: the activity index takes them in)
  world.store.settings.set('trends_generation', 'the site and its peer in one trend')
  world.store.activity.prepareNow()
  const res = await world.post('/app/site/imports', { file_name: 'answers.json', content_base64: Buffer.from(JSON.stringify(GSC)).toString('base64') }, world.session)
  expect(res.status).toBe(200)
}, 30_000)

const Q = 'property=sc-domain:site.example&date_from=2026-11-18&date_to=2026-11-21'

describe('My site joined with the feed', () => {
  it('lists the property with its days and countries', async () => {
    const { status, body } = await appGet('/app/site/properties')
    expect(status).toBe(200)
    expect(body).toEqual({ properties: [{ property: 'sc-domain:site.example', search_type: 'discover', domain: 'site.example', day_from: '2026-11-18', day_to: '2026-11-20', imports: 1, countries: ['US'] }] })
  })

  it('gives each day\'s clicks beside the site\'s share of the feed, as computed by hand', async () => {
    const { status, body } = await appGet(`/app/site/overview?${Q}&country=US`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ property: 'sc-domain:site.example', domain: 'site.example', countries: ['US'], day_from: '2026-11-18', day_to: '2026-11-20', compared: null })
    const common = { from_pages: true, volatility: null, volatility_state: null, is_spike: false }
    expect(body.days).toEqual([
      { day: '2026-11-18', clicks: 50, impressions: 1000, ctr: 0.05, feed_impressions: 1000, feed_share: 0.5, ...common },
      { day: '2026-11-19', clicks: 30, impressions: 600, ctr: 0.05, feed_impressions: 600, feed_share: 0.3, ...common },
      { day: '2026-11-20', clicks: 25, impressions: 500, ctr: 0.05, feed_impressions: 400, feed_share: 0.2, ...common },
    ])
    expect(body.totals).toEqual({ clicks: 105, impressions: 2100, ctr: 0.05, feed_impressions: 2000, feed_share: 0.3333 })
  })

  it('compares with another range: its totals beside the period\'s', async () => {
    const { body } = await appGet(`/app/site/overview?${Q}&country=US&compare_from=2026-11-18&compare_to=2026-11-19`)
    expect(body.compared).toEqual({ day_from: '2026-11-18', day_to: '2026-11-18', clicks: 50, impressions: 1000, ctr: 0.05, feed_impressions: 1000, feed_share: 0.5 })
  })

  it('joins each page with what the feed showed of it, sorted as asked; a page the feed never had has no article', async () => {
    const { status, body } = await appGet(`/app/site/pages?${Q}&country=US`)
    expect(status).toBe(200)
    expect(body.total).toBe(3)
    expect(body.pages.map((p: any) => [p.page, p.article_id, p.title, p.clicks, p.impressions, p.ctr, p.feed_impressions, p.best_position, p.countries])).toEqual([
      [A, articleIdForUrl(A), 'Hurricane Milton hits Florida as Tampa evacuates', 80, 1600, 0.05, 1600, 1, ['US']],
      [B, articleIdForUrl(B), 'Hurricane Milton floods Tampa', 20, 400, 0.05, 400, 3, ['US']],
      ['https://site.example/z', null, null, 5, 100, 0.05, 0, null, []],
    ])
    const byPosition = await appGet(`/app/site/pages?${Q}&country=US&sort_by=best_position&sort_order=asc`)
    // a page without a position comes last, whatever the direction
    expect(byPosition.body.pages.map((p: any) => p.page)).toEqual([A, B, 'https://site.example/z'])
  })

  it('gives publisher lists the site\'s clicks by domain', async () => {
    const { body } = await appGet('/app/site/domains?domains=site.example,peer.example&date_from=2026-11-19&date_to=2026-11-21')
    expect(body).toEqual({ domains: [{ domain: 'site.example', property: 'sc-domain:site.example', clicks: 55, impressions: 1100, ctr: 0.05 }] })
  })

  it('answers a property it has no data of with 404, a bad parameter with 422, a bad file with 422 and its sentence', async () => {
    expect((await appGet('/app/site/overview?property=sc-domain:nobody.example')).status).toBe(404)
    expect((await appGet(`/app/site/overview?${Q}&country=USA`)).status).toBe(422)
    const backwards = await appGet(`/app/site/overview?property=sc-domain:site.example&date_from=2026-11-20&date_to=2026-11-18`)
    expect(backwards.status).toBe(422)
    expect(backwards.body.detail).toEqual([{ loc: ['query', 'date_to'], msg: 'The period ends before it starts', type: 'value_error' }])
    const bad = await world.post('/app/site/imports', { file_name: 'x.csv', content_base64: Buffer.from('hello,world\n1,2\n').toString('base64') }, world.session)
    expect(bad.status).toBe(422)
    const detail = ((await bad.json()) as { detail: Array<{ loc: string[]; msg: string; type: string }> }).detail
    expect(detail).toHaveLength(1)
    expect(detail[0]!.loc).toEqual(['body', 'content_base64'])
    expect(detail[0]!.msg).toMatch(/^x\.csv: line 1: not a table of a Search Console export/)
    // and the store as it was
    expect(world.store.searchConsole.imports()).toHaveLength(1)
  })

  it('explains a fall of clicks against the days before: the site lost its place while its peer gained', async () => {
    const { body } = await appGet('/app/site/explain?property=sc-domain:site.example&country=US&date_from=2026-11-20&date_to=2026-11-21&compare_from=2026-11-18&compare_to=2026-11-20')
    expect(body).toMatchObject({ day_from: '2026-11-20', day_to: '2026-11-20', compared_from: '2026-11-18', compared_to: '2026-11-19', verdict: 'site' })
    expect(body.evidence).toMatchObject({ countries: ['US'], clicks_per_day: { before: 40, after: 25 }, share: { before: 0.4, after: 0.2 }, peers: ['peer.example'], peers_share: { before: 0.35, after: 0.4 } })
    expect(body.sentence).toBe(
      "On 2026-11-20, site.example's Discover clicks fell 38% a day against 2026-11-18 to 2026-11-19: it is site.example, not the market. The feed's volatility is not computed for those days and the one publisher that shares its trends went +14% in share, but its share of the feed's impressions went from 40.0% to 20.0% (−50%); one of its stories left the feed (“Hurricane Milton hits Florida as Tampa evacuates”).",
    )
  })
})

describe('the sentence of "Is it us or the market?"', () => {
  const base: SiteComparison = {
    site: 'site.example',
    where: 'Germany',
    range: { from: '2026-11-21', to: '2026-11-21' },
    before: { from: '2026-11-14', to: '2026-11-20' },
    clicks: { before: 1000, after: 600 },
    gscImpressions: { before: 20_000, after: 12_000 },
    share: { before: 0.1, after: 0.06 },
    peersShare: { before: 0.5, after: 0.5 },
    peers: 4,
    volatility: { max: 9.2, spike: true, day: '2026-11-21' },
    storiesLeft: [{ title: 'A' }],
  }

  it('says it is the market when the feed churned', () => {
    expect(explain(base)).toEqual({
      verdict: 'market',
      sentence:
        "On 2026-11-21, site.example's Discover clicks fell 40% a day against 2026-11-14 to 2026-11-20: it is the market. The feed in Germany churned (volatility 9.2 on 2026-11-21, a spike); its share of the feed's impressions went from 10.0% to 6.0% (−40%) and the 4 publishers that share its trends held their share; one of its stories left the feed (“A”).",
    })
  })

  it('says it is the market when the feed was calm but its peers lost as much', () => {
    const r = explain({ ...base, volatility: { max: 3.1, spike: false, day: '2026-11-21' }, peersShare: { before: 0.5, after: 0.3 } })
    expect(r.verdict).toBe('market')
    expect(r.sentence).toContain('The feed in Germany was calm (volatility at most 3.1), but the 4 publishers that share its trends went −40% in share as its share')
  })

  it('says it is the site when the feed was calm and only the site lost its place', () => {
    const r = explain({ ...base, volatility: { max: 3.1, spike: false, day: '2026-11-21' } })
    expect(r.verdict).toBe('site')
    expect(r.sentence).toContain(': it is site.example, not the market. The feed in Germany was calm (volatility at most 3.1) and the 4 publishers that share its trends held their share, but its share')
  })

  it('says it is the site\'s clicks when Discover showed it as often and readers clicked less', () => {
    const r = explain({ ...base, gscImpressions: { before: 20_000, after: 19_500 }, share: { before: 0.1, after: 0.098 }, volatility: { max: 2, spike: false, day: null } })
    expect(r).toEqual({
      verdict: 'clicks',
      sentence:
        "On 2026-11-21, site.example's Discover clicks fell 40% a day against 2026-11-14 to 2026-11-20: it is site.example, not the market. Readers clicked less often (click-through rate 5.0% to 3.1%) while Discover showed it about as often; its share of the feed's impressions went from 10.0% to 9.8% (−2%), and the feed in Germany was calm (volatility at most 2.0).",
    })
  })

  it('says there is nothing to explain, or that it cannot tell, rather than guess', () => {
    expect(explain({ ...base, clicks: { before: 1000, after: 950 } }).verdict).toBe('no_change')
    expect(explain({ ...base, clicks: { before: null, after: 600 } })).toMatchObject({ verdict: 'unknown', sentence: expect.stringContaining('Feedlens cannot tell: Search Console has no clicks of site.example for the days before') })
    expect(explain({ ...base, share: { before: null, after: null } })).toMatchObject({ verdict: 'unknown', sentence: expect.stringContaining('it saw no article of site.example in Germany') })
  })
})
