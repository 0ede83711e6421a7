import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'
import { importFile } from '../../electron/core/ingest/importer'
import { storylineQuality } from '../../electron/core/analytics/trends/quality'
import { refreshTrends } from '../../electron/core/jobs/trends'
import { openTestStore, seedRegion, tempDir } from '../helpers/core'
import { itemImpressions } from '../helpers/activity'

const UCI = path.resolve(__dirname, '../fixtures/uci-news-dev.csv')

function write(name: string, lines: string[]): string {
  const file = path.join(tempDir(), name)
  fs.writeFileSync(file, lines.join('\n') + '\n')
  return file
}

const checksum = (store: ReturnType<typeof openTestStore>) => store.reference.checksum()

describe('importing the UCI News Aggregator CSV', () => {
  const rows = parse(fs.readFileSync(UCI), { columns: true }) as Array<Record<string, string>>

  // one import for the tests that only read (the tagger makes it a few seconds)
  const store = openTestStore()
  let report: Awaited<ReturnType<typeof importFile>>
  beforeAll(async () => {
    report = await importFile(store, UCI)
  }, 60_000)

  it('imports every row as an article with its publisher, category and story label', () => {
    expect(report).toMatchObject({ format: 'uci-csv', rows: 3149, articles: 3149, skipped: 0, problems: [], refused: false })
    expect(store.counts().articles).toBe(3149)
    const truth = store.sqlite.prepare(`SELECT count(*) AS n, count(DISTINCT storyline_id) AS stories FROM storyline_truth WHERE source = 'uci'`).get()
    expect(truth).toEqual({ n: 3149, stories: 43 })
    expect(store.geo.regionCodes()).toEqual(['US'])
  })

  it('keeps quotes, commas and backslashes of the file exactly', () => {
    const tricky = rows.filter((r) => r.URL!.includes('\\') || r.TITLE!.includes('"') || r.TITLE!.includes(','))
    expect(tricky.length).toBeGreaterThan(600)
    for (const r of tricky) {
      const a = store.articles.get(articleIdForUrl(r.URL!)!)
      expect(a?.url).toBe(r.URL)
      expect(a?.title).toBe(r.TITLE)
    }
    const first = store.articles.get(articleIdForUrl(rows[0]!.URL!)!)!
    expect(first).toMatchObject({ domain: 'latimes.com', category: '/Business', lang: 'en', region: 'US', publishedAt: '2014-03-10T16:52:50.698Z' })
  })

  it('gives headlines without entities the names found in them, marked as extracted', () => {
    const found = store.sqlite
      .prepare(`SELECT count(DISTINCT article_id) AS articles, min(extracted) AS given FROM article_entities`)
      .get() as { articles: number; given: number }
    expect(found.articles).toBeGreaterThan(3149 / 2)
    expect(found.given).toBe(1)
    expect(report.articlesWithFoundEntities).toBe(found.articles)
    const snowden = rows.find((r) => r.TITLE!.startsWith('Edward Snowden'))!
    const id = articleIdForUrl(snowden.URL!)!
    expect(store.articles.entities(id)).toContainEqual({ name: 'Edward Snowden', type: 'Person', score: 0.8 })
    // a name the tagger found in one headline is found in the others, a person's also by surname
    const withName = store.sqlite
      .prepare(`SELECT count(*) FROM article_entities ae JOIN entities e ON e.id = ae.entity_id WHERE e.name = 'Edward Snowden'`)
      .pluck()
      .get() as number
    const mentioning = rows.filter((r) => /\bSnowden\b/.test(r.TITLE!))
    expect(withName).toBeLessThanOrEqual(mentioning.length)
    expect(withName / mentioning.length).toBeGreaterThan(0.9)
    const bySurname = mentioning.find((r) => r.TITLE!.startsWith('Snowden calls for public oversight'))!
    expect(store.articles.entities(articleIdForUrl(bySurname.URL!)!).map((e) => e.name)).toContain('Edward Snowden')
    expect(store.sqlite.prepare(`SELECT entity_count > 0 FROM articles WHERE id = ?`).pluck().get(id)).toBe(1)
  })

  it('finds names worth the name: real entities, with their abbreviations folded in, and no weekdays, titles, section words or fragments', () => {
    const names = new Set(store.sqlite.prepare(`SELECT name FROM entities`).pluck().all() as string[])
    for (const real of ['Edward Snowden', 'Google', 'NSA', 'Lindsay Lohan', 'Zac Efron', 'General Motors', 'United States', 'American Airlines', 'Miley Cyrus', 'George Zimmerman', 'ECB', 'Chiquita', 'Ukraine', 'JetBlue', 'Netflix', 'Juan Pablo Galavis', 'Neil DeGrasse Tyson', 'Rand Paul', 'Genghis Khan', 'Seth Rogen']) {
      expect(names, real).toContain(real)
    }
    for (const junk of ['Monday', 'Major', 'President', 'Release', 'Business', 'Chase Stocks', 'Most Popular Beauty World News', 'Privacy Pump Politics', 'Juan Pablo Makes', 'Edward Snowden Speaks', 'U S', 'GM',
      // fragments around a name, and names that are part of one
      'Defends NSA', 'Proposed NSA', 'Without Netflix', 'American Airlines JetBlue', 'Lindsay Recap Lindsay Lohan', 'Star Juan Pablo Galavis', 'Bachelor Juan Pablo Galavis',
      'Asian data Ukraine', 'Lindsay Lohans', 'Juan Pablo', 'Neil', 'Tyson', 'Zac', 'Seth', 'Edward', 'Paul', 'Khan', 'Cyrus', 'Google Inc', 'General Motors Company']) {
      expect(names, junk).not.toContain(junk)
    }
    // names the tagger does not know, written with capitals in sentence-case headlines, and only where no common word is all of them
    for (const real of ['Mt. Gox', 'Titanfall', 'Chromecast', 'True Detective', 'Herbalife', 'Xbox One', 'Westeros', 'High School Musical', 'iPhone Air', 'Metro-North', 'SXSW Interactive']) expect(names, real).toContain(real)
    for (const junk of ['Festival', 'Chapter', 'Here', 'Now', 'Energy', 'Internet', 'Snowden', 'Lohan', 'Jaguars']) expect(names, junk).not.toContain(junk)
    // brands written in camel case; surnames the tagger does not know after a given name; no given name alone
    for (const real of ['iPhone', 'iOS', 'iPad', 'eBay', 'Mindy Kaling', 'Mark Karpeles', 'Jimmy Fallon', 'Catherine Giudici']) expect(names, real).toContain(real)
    // a name as most headlines write it, not as the first one did ("CARL ICAHN: eBay Shareholders Lost...")
    expect(names).toContain('Carl Icahn')
    expect(names).not.toContain('CARL ICAHN')
    // a brand every headline writes with its "'s" keeps it, and is no person
    expect(store.sqlite.prepare(`SELECT name, type FROM entities WHERE name LIKE 'McDonald%'`).all()).toEqual([{ name: "McDonald's", type: 'Organization' }])
    // every name stored is carried by an article: not "Las", which the tagger read in "Las Vegas Wedding Chapel"
    expect(store.sqlite.prepare(`SELECT name FROM entities WHERE id NOT IN (SELECT entity_id FROM article_entities)`).pluck().all()).toEqual([])
    for (const junk of ['EBay', 'Mindy', 'Mark', 'Jimmy', 'Jon', 'Steve', 'Catherine']) expect(names, junk).not.toContain(junk)
    // one name written two ways is one entity, found by both; a list of places is no place
    for (const junk of ['MtGox', 'Chromecasts', 'Wall St', 'China Japan', 'Hong Kong China']) expect(names, junk).not.toContain(junk)
    const wallSt = rows.find((r) => /\bWall St\b(?!reet)/.test(r.TITLE!))!
    expect(store.articles.entities(articleIdForUrl(wallSt.URL!)!).map((e) => e.name)).toContain('Wall Street')
    // a name of unknown kind that ends one longer name names it, and is none of its own
    const jaguars = rows.find((r) => r.TITLE === 'Jaguars will install world\'s largest HD LED video displays')!
    expect(store.articles.entities(articleIdForUrl(jaguars.URL!)!).map((e) => e.name)).toContain('Jacksonville Jaguars')
    const pichai = rows.find((r) => r.TITLE!.startsWith("Google's Pichai claims"))!
    expect(store.articles.entities(articleIdForUrl(pichai.URL!)!).map((e) => e.name)).toContain('Sundar Pichai')
    expect(names).not.toContain('Pichai')
    // a name's small words as in a title, so sentence-case headlines find it too
    expect(names).toContain('Game of Thrones')
    expect(names).not.toContain('Game Of Thrones')
    const thrones = rows.find((r) => /\bGame of Thrones\b/.test(r.TITLE!) && !/\bGame Of\b/.test(r.TITLE!))!
    expect(store.articles.entities(articleIdForUrl(thrones.URL!)!).map((e) => e.name)).toContain('Game of Thrones')
    // an abbreviation a headline defines ("... South by Southwest Interactive Festival (SXSW)") and its name are one entity, as more headlines write it
    expect(names).toContain('SXSW')
    expect(names).not.toContain('South by Southwest')
    const southBySouthwest = rows.find((r) => r.TITLE === 'Snowden speaks at South By Southwest festival')!
    expect(store.articles.entities(articleIdForUrl(southBySouthwest.URL!)!).map((e) => e.name)).toContain('SXSW')
    // and a ticker in brackets is another name of its company
    expect(names).not.toContain('CQB')
    const ticker = rows.find((r) => r.TITLE === 'Chiquita Brands International Rating Lowered to Underperform at Zacks (CQB)')!
    expect(store.articles.entities(articleIdForUrl(ticker.URL!)!).map((e) => e.name)).toContain('Chiquita')
    const mtgox = rows.find((r) => /\bMtGox\b/.test(r.TITLE!))!
    expect(store.articles.entities(articleIdForUrl(mtgox.URL!)!).map((e) => e.name)).toContain('Mt. Gox')
    // a word headlines mostly write in lower case is of no known kind, whatever the reference packages call a town
    expect(store.sqlite.prepare(`SELECT type FROM entities WHERE name = 'Copper'`).pluck().get()).toBeNull()
    // a person or a place the tagger read in fewer headlines than it read no name is of no known kind: Apple is no one, Titanfall no place
    expect(store.sqlite.prepare(`SELECT type FROM entities WHERE name = 'Apple'`).pluck().get()).toBeNull()
    expect(store.sqlite.prepare(`SELECT type FROM entities WHERE name = 'Titanfall'`).pluck().get()).toBeNull()
    expect(store.sqlite.prepare(`SELECT type FROM entities WHERE name = 'Ukraine'`).pluck().get()).toBe('Place')
    expect(store.sqlite.prepare(`SELECT type FROM entities WHERE name = 'Edward Snowden'`).pluck().get()).toBe('Person')
    // and a Title Case headline carries it too, through the gazetteer
    const gox = rows.find((r) => r.TITLE === 'Mt. Gox Files For US Chapter 15 Bankruptcy')!
    expect(store.articles.entities(articleIdForUrl(gox.URL!)!).map((e) => e.name)).toContain('Mt. Gox')
    // "GM" and "U.S." in a headline name General Motors and the United States
    const gm = rows.find((r) => /^GM\b/.test(r.TITLE!))!
    expect(store.articles.entities(articleIdForUrl(gm.URL!)!).map((e) => e.name)).toContain('General Motors')
    const us = rows.find((r) => /\bU\.S\.(?!\w)/.test(r.TITLE!))!
    expect(store.articles.entities(articleIdForUrl(us.URL!)!).map((e) => e.name)).toContain('United States')
  })

  it('clusters the UCI headlines into their stories (B-cubed F1 0.903 or more, no trend of 5 stories or more) under labels most of their titles carry (95% or more)', () => {
    refreshTrends(store, new Date('2014-03-13T00:00:00Z'))
    const members = store.trends.storylineMembers()
    expect(members).toHaveLength(3149)
    const quality = storylineQuality(members)
    // floors just under the figures reached (docs/trends.md, "Quality"), so that they cannot silently fall
    expect(quality.f1).toBeGreaterThanOrEqual(0.903)
    expect(quality.precision).toBeGreaterThanOrEqual(0.942)
    expect(quality.recall).toBeGreaterThanOrEqual(0.866)
    expect(quality.labelFit).toBeGreaterThanOrEqual(0.95)
    expect(quality.maxStorylines).toBeLessThanOrEqual(4)
    // a name headlines write as "US" is weighed by the articles that carry it, not by the rare words of "United States"
    const labels = new Map(members.map((m) => [m.trend, m.label]))
    expect([...labels.values()]).not.toContain('United States')
    // a word of a longer name is labelled by the name when half the titles write it ("Wall Street", not "Wall")
    expect(labels.get(members.find((m) => m.title === 'Wall St opens lower after S&P\'s record close')!.trend)).toBe('Wall Street')
    expect([...labels.values()]).not.toContain('Wall')
    expect(quality.catchAlls).toBe(0)
    // the day China's exports fell: each market's reports are a trend named by the market, apart
    // from the China trend and from each other (docs/trends.md, "Market reports")
    const trendOf = (title: string) => members.find((m) => m.title === title)!.trend
    const labelOf = (title: string) => labels.get(trendOf(title))
    expect(labelOf('Oil sinks on weak Chinese data, end of heating season')).toBe('Oil')
    expect(labelOf('Copper falls to eight-month low on China fears')).toBe('Copper')
    expect(labelOf('China stocks sink on weak data')).toBe('China stocks')
    expect(labelOf('US stocks open lower on weak Asian data')).toBe('US stocks')
    expect(labelOf('World stocks, copper and oil fall after weak China exports')).toBe('World stocks')
    expect(labelOf('China Export Decline Shows Growth-Goal Challenge for Premier')).toBe('China')
    // each market's trend is a derivative of the trend its reports left
    const china = trendOf('China Export Decline Shows Growth-Goal Challenge for Premier')
    const linkOf = store.sqlite.prepare('SELECT parent_id AS parent, relation_type AS relation, strength FROM trend_links WHERE child_id = ?')
    for (const title of ['Oil sinks on weak Chinese data, end of heating season', 'Copper falls to eight-month low on China fears', 'China stocks sink on weak data', 'US stocks open lower on weak Asian data', 'World stocks, copper and oil fall after weak China exports'])
      expect(linkOf.get(trendOf(title))).toEqual({ parent: china, relation: 'derivative', strength: 1 })
    // Apple's three stories of 10-11 March are three trends: versions and "TV" are words
    const ios = trendOf('iOS 7.1 out now for iPhone and iPad')
    const concept = trendOf('iPhone Air Concept Video Surfaces')
    const appleTv = trendOf('Apple TV 6.1 update makes it easier to hide unwanted channels')
    expect(new Set([ios, concept, appleTv]).size).toBe(3)
    expect(trendOf('iOS 7.1 Makes the iPhone 4 Snappier')).toBe(ios)
    expect(trendOf('4.7-Inch \'iPhone Air\' Shown Off In New Concept Video')).toBe(concept)
    expect(trendOf('Apple TV Update Adds Ability to Hide Channels')).toBe(appleTv)
    // the file's four sections: no trend mixes two
    const sectionsOfTrend = store.sqlite
      .prepare(`SELECT count(DISTINCT a.category) FROM trend_articles ta JOIN articles a ON a.id = ta.article_id GROUP BY ta.trend_id ORDER BY 1 DESC LIMIT 1`)
      .pluck()
      .get()
    expect(sectionsOfTrend).toBe(1)
  })

  it('leaves the same store when the file is imported twice', async () => {
    const store = openTestStore()
    await importFile(store, UCI)
    const once = checksum(store)
    const again = await importFile(store, UCI)
    expect(again.articles).toBe(3149)
    expect(checksum(store)).toBe(once)
  })
})

describe('importing observations', () => {
  const lines = [
    JSON.stringify({ observed_at: '2026-11-20T09:00:00Z', country: 'us', position: 1, estimated_impressions: 1000, url: 'https://www.example.com/a?utm_source=x', title: 'A', lang: 'en', category: '/News', content_type: 'News', publisher: 'Example' }),
    JSON.stringify({ observed_at: '2026-11-20T12:00:00Z', country: 'US', position: 3, estimated_impressions: 400, url: 'https://example.com/a' }),
    JSON.stringify({ observed_at: '2026-11-20T12:00:00Z', country: 'US', position: 1, estimated_impressions: 900, url: 'https://example.com/b', title: 'B' }),
  ]

  it('creates articles from their first observation and aggregates the rest', async () => {
    const store = openTestStore()
    const report = await importFile(store, write('feed.ndjson', lines))
    expect(report).toMatchObject({ format: 'observations-ndjson', rows: 3, observationsInserted: 3, skipped: 0 })
    const a = store.articles.get(articleIdForUrl('https://example.com/a')!)!
    expect(a).toMatchObject({ title: 'A', domain: 'example.com', region: 'US', contentType: 'News', lastSeenAt: '2026-11-20T12:00:00.000Z' })
    expect(store.publishers.byDomain('example.com')?.name).toBe('Example')
    const daily = store.sqlite.prepare(`SELECT impressions, observations, position_sum FROM article_daily WHERE article_seq = ?`).get(a.seq)
    expect(daily).toEqual({ impressions: 1400, observations: 2, position_sum: 4 })
    expect(store.geo.region('US')?.name).toBe('United States')
  })

  it('gives a new article without entities the names in its text, which then count in entity aggregates', async () => {
    const store = openTestStore()
    // a name the tagger finds is kept when two publishers write it (London is a town the reference knows)
    const feed = (entities?: unknown) => [
      JSON.stringify({ observed_at: '2026-11-20T09:00:00Z', country: 'GB', position: 2, estimated_impressions: 700, url: 'https://news.example/merkel',
        title: 'Angela Merkel arrives in London', summary: 'Talks with the Bank of England.', lang: 'en', ...(entities ? { entities } : {}) }),
      JSON.stringify({ observed_at: '2026-11-20T10:00:00Z', country: 'GB', position: 3, estimated_impressions: 500, url: 'https://other.example/merkel-visit',
        title: 'What Angela Merkel wants from the visit', lang: 'en' }),
    ]
    await importFile(store, write('feed.ndjson', feed()))
    const id = articleIdForUrl('https://news.example/merkel')!
    const names = store.articles.entities(id)
    expect(names).toEqual(expect.arrayContaining([
      { name: 'Angela Merkel', type: 'Person', score: 0.8 },
      { name: 'London', type: 'Place', score: 0.8 },
    ]))
    const merkel = store.sqlite.prepare(`SELECT ae.entity_id, ae.extracted FROM article_entities ae JOIN entities e ON e.id = ae.entity_id WHERE e.name = 'Angela Merkel'`).get() as { entity_id: string; extracted: number }
    expect(merkel.extracted).toBe(1)
    // found entities count for entity tracking like given ones
    const hour = Date.parse('2026-11-20T09:00:00Z') / 3_600_000
    expect(await itemImpressions(store, 'entity', [merkel.entity_id], { countries: ['GB'], lang: null, fromHour: hour, toHour: hour + 1 })).toEqual(new Map([[merkel.entity_id, 700]]))
    // given entities replace found ones; found ones never replace given ones
    await importFile(store, write('feed.ndjson', feed([{ id: '/m/merkel', name: 'Angela Merkel', type: 'Person', score: 0.95 }])))
    expect(store.articles.entities(id)).toEqual([{ name: 'Angela Merkel', type: 'Person', score: 0.95 }])
    await importFile(store, write('feed.ndjson', feed()))
    expect(store.articles.entities(id)).toEqual([{ name: 'Angela Merkel', type: 'Person', score: 0.95 }])
  })

  it('keeps a name one publisher of a file writes when another publisher\'s stored headline carries it', async () => {
    const store = openTestStore()
    const line = (url: string, title: string) => JSON.stringify({ observed_at: '2026-11-20T09:00:00Z', country: 'GB', position: 2, estimated_impressions: 700, url, title, lang: 'en' })
    await importFile(store, write('first.ndjson', [line('https://other.example/visit', 'What Ursula Vandermeer wants from the visit')]))
    // one publisher alone: not a name yet
    expect(store.sqlite.prepare(`SELECT count(*) FROM entities WHERE name = 'Ursula Vandermeer'`).pluck().get()).toBe(0)
    await importFile(store, write('second.ndjson', [line('https://news.example/arrives', 'Ursula Vandermeer arrives in Leeds')]))
    expect(store.articles.entities(articleIdForUrl('https://news.example/arrives')!).map((e) => e.name)).toContain('Ursula Vandermeer')
    // the same publisher again is no second publisher
    const alone = openTestStore()
    await importFile(alone, write('first.ndjson', [line('https://news.example/a', 'Ursula Vandermeer wins')]))
    await importFile(alone, write('second.ndjson', [line('https://news.example/b', 'Ursula Vandermeer arrives in Leeds')]))
    expect(alone.sqlite.prepare(`SELECT count(*) FROM entities WHERE name = 'Ursula Vandermeer'`).pluck().get()).toBe(0)
  })

  it('imports any headlines the name rules meet (brackets, abbreviations, small words, possessives) in small batches, every entity an article carries stored', async () => {
    // words, and phrases that make a rule fire: a name with its abbreviation in brackets, a name's end, a name in Title Case
    const word = fc.constantFrom(
      'South', 'by', 'Southwest', 'SXSW', '(SXSW)', 'Game', 'Of', 'of', 'Thrones', 'Chiquita', '(CQB)', 'CQB', 'GM', '(GM)', 'General', 'Motors', 'Pichai', 'Sundar',
      "McDonald's", 'data', 'Asian', 'Ukraine,', 'says', 'Mt.', 'Gox', 'MtGox', 'Wall', 'St', 'Street', 'de', 'Gaulle', 'Charles', 'the', 'The', 'X (Y)', '(', ')',
      'General Motors (GM)', 'GM recalls cars', 'South by Southwest Interactive Festival (SXSW)', 'SXSW opens', 'Chiquita (CQB) and Fyffes', 'Sundar Pichai says', 'Game Of Thrones', 'talks',
    )
    const headline = fc.array(word, { minLength: 1, maxLength: 9 }).map((w) => w.join(' '))
    const publisher = fc.constantFrom('a.example', 'b.example', 'c.example')
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(headline, publisher), { minLength: 2, maxLength: 40 }), fc.integer({ min: 1, max: 9 }), async (rows, batchSize) => {
        const store = openTestStore()
        const csv = (from: number, list: typeof rows) => [
          'ID,TITLE,URL,PUBLISHER,CATEGORY,STORY,HOSTNAME,TIMESTAMP',
          ...list.map(([title, host], i) => `${from + i},"${title.replace(/"/g, '""')}",https://${host}/${from + i},${host},b,s${i % 3},${host},${1394470370000 + (from + i) * 60_000}`),
        ]
        const first = await importFile(store, write('first.csv', csv(1, rows.slice(0, Math.ceil(rows.length / 2)))), { batchSize })
        const second = await importFile(store, write('second.csv', csv(1000, rows.slice(Math.ceil(rows.length / 2)))), { batchSize })
        expect(first.refused || second.refused).toBe(false)
        expect(store.counts().articles).toBe(rows.length)
        // every entity an article carries is stored, with a name
        expect(store.sqlite.prepare(`SELECT count(*) FROM article_entities WHERE entity_id NOT IN (SELECT id FROM entities)`).pluck().get()).toBe(0)
        expect(store.sqlite.prepare(`SELECT count(*) FROM entities WHERE name IS NULL OR length(name) < 3`).pluck().get()).toBe(0)
      }),
      { seed: 29, numRuns: 150 },
    )
  }, 120_000)

  it('stores a name learnt in one batch inside a longer one ("Brooklyn" of "Brooklyn United") when a later batch carries it alone', async () => {
    // the demo world's plain articles stopped here with FOREIGN KEY constraint failed: the place
    // was learnt in the first batch, carried by none there, then given to an article of the next
    const store = openTestStore()
    const rows = [
      ['brooklynherald.com', 'Tessera Initiative shakes Queens as Brooklyn United faces snow questions'],
      ['sanantonioherald.com', 'Tessera Initiative: Brooklyn United confirms slalom plans'],
      ['manhattanherald.com', 'Why the cup matters: what Brooklyn United gets wrong'],
      ['queensherald.com', 'Brooklyn United signs a new coach'],
      ['brooklynherald.com', 'Snow closes schools across Brooklyn'],
      ['queensherald.com', 'Rents climb again in Brooklyn'],
    ].map(([host, title], i) => JSON.stringify({ url: `https://${host}/2026/11/02/story-${i}`, title, region: 'US', lang: 'en' }))
    const report = await importFile(store, write('brooklyn.ndjson', rows), { batchSize: 4 })
    expect(report).toMatchObject({ rows: 6, articles: 6, skipped: 0, refused: false })
    expect(store.sqlite.prepare(`SELECT count(*) FROM article_entities WHERE entity_id NOT IN (SELECT id FROM entities)`).pluck().get()).toBe(0)
    expect(store.articles.entities(articleIdForUrl('https://queensherald.com/2026/11/02/story-5')!).map((e) => e.name)).toContain('Brooklyn')
  })

  it('imports any plain article file in any batch size, every line accounted for and every entity an article carries stored', async () => {
    // headlines as the demo world writes them: organisations (some named after a place), people and places
    const organisation = fc.constantFrom('Brooklyn United', 'Tessera Initiative', 'Memphis Grizzlies', 'Redwood Systems')
    const place = fc.constantFrom('Brooklyn', 'Queens', 'Memphis', 'Las Vegas')
    const person = fc.constantFrom('Adrian Lacroix', 'Ines Mertens', 'Lacroix')
    const title = fc.oneof(
      fc.tuple(organisation, place, organisation).map(([a, p, b]) => `${a} shakes ${p} as ${b} faces snow questions`),
      fc.tuple(organisation, organisation).map(([a, b]) => `${a}: ${b} confirms slalom plans`),
      organisation.map((b) => `Why the cup matters: what ${b} gets wrong`),
      fc.tuple(organisation, person).map(([b, p]) => `${b} signs ${p} as a new coach`),
      place.map((p) => `Snow closes schools across ${p}`),
      fc.tuple(person, place).map(([p, q]) => `${p} arrives in ${q}`),
    )
    const host = fc.constantFrom('brooklynherald.com', 'queensherald.com', 'memphisherald.com', 'vegasnews.example')
    const line = fc.oneof(
      { weight: 9, arbitrary: fc.tuple(title, host).map(([t, h]) => ({ title: t, host: h })) },
      // now and then a line that is not an article: it is reported, and the others are imported
      { weight: 1, arbitrary: fc.constant(null) },
    )
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 12 }), async (lines, batchSize) => {
        const store = openTestStore()
        const text = lines.map((l, i) => (l ? JSON.stringify({ url: `https://${l.host}/2026/11/03/s-${i}`, title: l.title, region: 'US', lang: 'en' }) : '{"url": "https://x.example/no-title"}'))
        const report = await importFile(store, write('articles.ndjson', text), { batchSize })
        const bad = lines.filter((l) => l === null).length
        expect(report).toMatchObject({ rows: lines.length, articles: lines.length - bad, skipped: bad, refused: false })
        expect(report.problems.map((p) => p.line)).toEqual(lines.flatMap((l, i) => (l === null ? [i + 1] : [])))
        expect(store.counts().articles).toBe(lines.length - bad)
        expect(store.sqlite.prepare(`SELECT count(*) FROM article_entities WHERE entity_id NOT IN (SELECT id FROM entities)`).pluck().get()).toBe(0)
      }),
      { seed: 50, numRuns: 150 },
    )
  }, 120_000)

  it('reads the same data from CSV', async () => {
    const store = openTestStore()
    const csv = write('feed.csv', [
      'observed_at,country,position,estimated_impressions,url,title',
      '2026-11-20T09:00:00Z,DE,2,500,https://zeitung.example/x,"Berlin, heute"',
    ])
    const report = await importFile(store, csv)
    expect(report).toMatchObject({ format: 'observations-csv', observationsInserted: 1 })
    expect(store.articles.get(articleIdForUrl('https://zeitung.example/x')!)).toMatchObject({ title: 'Berlin, heute', lang: 'de' })
  })

  it('reports bad rows with their line and skips them, or refuses the whole file with --strict', async () => {
    const bad = write('bad.ndjson', [
      lines[0]!,
      '{"observed_at": "2026-11-20T10:00:00Z", "country": "US", "position": 0, "estimated_impressions": 5, "url": "https://example.com/a"}',
      '{not json',
      '',
      JSON.stringify({ observed_at: 'yesterday', country: 'US', position: 1, estimated_impressions: 5, url: 'https://example.com/a' }),
      JSON.stringify({ observed_at: '2026-11-20T10:00:00Z', country: 'US', position: 1, estimated_impressions: 5, url: 'https://example.com/new' }),
      JSON.stringify({ observed_at: '2026-11-20T10:00:00Z', country: 'ZZ', position: 1, estimated_impressions: 5, url: 'https://example.com/a' }),
      JSON.stringify({ observed_at: '2026-11-20T10:00:00Z', country: 'US', position: 2, estimated_impressions: 2 ** 32, url: 'https://example.com/a' }),
    ])
    const strictStore = openTestStore()
    seedRegion(strictStore, 'US')
    const before = checksum(strictStore)
    const strict = await importFile(strictStore, bad, { strict: true })
    expect(strict.refused).toBe(true)
    expect(strict.problems).toEqual([
      { line: 2, reason: 'position should be at least 1, not 0' },
      { line: 3, reason: 'not valid JSON' },
      { line: 5, reason: expect.stringMatching(/^observed_at should be an ISO 8601 date-time/) },
      { line: 6, reason: expect.stringMatching(/^the first row of a new article URL needs its title/) },
      { line: 7, reason: 'unknown country code ZZ' },
      { line: 8, reason: 'estimated_impressions should be at most 4294967295, not 4294967296' },
    ])
    expect(checksum(strictStore)).toBe(before)

    const lenient = openTestStore()
    const report = await importFile(lenient, bad)
    expect(report).toMatchObject({ rows: 7, skipped: 6, observationsInserted: 1, refused: false })
    expect(report.problems.map((p) => p.line)).toEqual([2, 3, 5, 6, 7, 8])
  })

  it('resumes an interrupted import: whole batches only, and a second run completes it', async () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify({ observed_at: `2026-11-20T${String(i % 24).padStart(2, '0')}:00:00Z`, country: 'US', position: 1 + (i % 7), estimated_impressions: 100 + i, url: `https://example.com/${i % 9}`, title: `T${i % 9}` }),
    )
    const file = write('long.ndjson', many)
    const clean = openTestStore()
    await importFile(clean, file, { batchSize: 10 })

    const interrupted = openTestStore()
    await expect(
      importFile(interrupted, file, {
        batchSize: 10,
        onProgress: (p) => {
          if (p.rows >= 25) throw new Error('killed')
        },
      }),
    ).rejects.toThrow('killed')
    const partial = interrupted.counts().observations
    expect(partial % 10).toBe(0)
    expect(partial).toBeLessThan(50)
    const resumed = await importFile(interrupted, file, { batchSize: 10 })
    expect(resumed.observationsDuplicate).toBe(partial)
    expect(checksum(interrupted)).toBe(checksum(clean))
  })
})

describe('reading files', () => {
  it('keeps multi-byte characters whole across read chunks', async () => {
    const store = openTestStore()
    // 1 MiB chunks: the Cyrillic lines (2 bytes a letter) and an ASCII one cross chunk boundaries
    // long bodies (a title has at most 1,000 characters: docs/import-format.md, "Limits")
    const bodies = [
      'Выборы в Думу: «итоги» — ' + 'ж'.repeat(70_000),
      'Долгий ' + 'ш'.repeat(400_000),
      'Plain ' + 'a'.repeat(900_000),
      'Ещё ' + 'щ'.repeat(300_000) + ' ✓',
    ]
    const lines = bodies.map((markdown, i) => JSON.stringify({ url: `https://ria.example/${i}`, title: `Статья ${i}`, markdown, region: 'RU', lang: 'ru' }))
    // CRLF line ends and no newline after the last line
    const file = path.join(tempDir(), 'long-lines.ndjson')
    fs.writeFileSync(file, lines.join('\r\n'))
    const report = await importFile(store, file)
    expect(report).toMatchObject({ rows: 4, articles: 4, skipped: 0 })
    bodies.forEach((markdown, i) => expect(store.articles.get(articleIdForUrl(`https://ria.example/${i}`)!)?.markdown).toBe(markdown))
  })
})

describe('files that are not what an import expects (item 11 of the trust issue)', () => {
  const bytesFile = (name: string, bytes: Buffer | string) => {
    const file = path.join(tempDir(), name)
    fs.writeFileSync(file, bytes)
    return file
  }
  const refusal = async (file: string, format?: 'observations-ndjson' | 'articles-csv') => {
    const store = openTestStore()
    const before = checksum(store)
    const error = await importFile(store, file, { format }).then(
      () => null,
      (e: Error) => e.message,
    )
    expect(checksum(store)).toBe(before)
    return error
  }

  it('names what the file is instead of "the file has no records"', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)])
    expect(await refusal(bytesFile('chart.ndjson', png))).toBe(
      'chart.ndjson is a PNG image, not a feed file: Feedlens imports NDJSON (one JSON object per line) text (docs/import-format.md).',
    )
    expect(await refusal(bytesFile('feed.csv', Buffer.from('PK\u0003\u0004rest of a workbook')))).toMatch(/^feed\.csv is a ZIP archive .*Export the sheet as CSV \(UTF-8\)/)
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"url":"https://a.example/1","title":"x"}\n', 'utf16le')])
    expect(await refusal(bytesFile('feed.ndjson', utf16))).toMatch(/^feed\.ndjson is UTF-16 text; Feedlens reads UTF-8\. Save it as UTF-8/)
    // UTF-16 without a byte-order mark
    expect(await refusal(bytesFile('nobom.ndjson', Buffer.from('{"url":"https://a.example/1"}\n', 'utf16le')))).toMatch(/is UTF-16 text/)
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256))
    expect(await refusal(bytesFile('garbage.ndjson', garbage))).toMatch(/^garbage\.ndjson holds binary data \(a zero byte at byte \d+\), not NDJSON/)
    expect(await refusal(bytesFile('array.json', '[\n {"url": "https://a.example/1", "title": "x"}\n]\n'))).toBe(
      "array.json holds a JSON array; NDJSON has one JSON object per line. Convert it with: jq -c '.[]' array.json > array.json.ndjson",
    )
    // with the format given too
    expect(await refusal(bytesFile('array.txt', '  [{"url": "x"}]'), 'observations-ndjson')).toMatch(/holds a JSON array/)
    expect(await refusal(bytesFile('empty.ndjson', ''))).toBe('empty.ndjson is empty: it has no records.')
  })

  it('refuses a line of 10 MB without a line break, saying so, without holding it in memory', async () => {
    const file = bytesFile('one-line.ndjson', `{"url": "https://a.example/1", "title": "${'x'.repeat(10 * 1024 * 1024)}"}`)
    expect(await refusal(file)).toMatch(/^.*one-line\.ndjson: line 1: the line is 10,485,80\d bytes long without a line break \(at most 8 MiB\): NDJSON has one record per line; cannot tell the format/)
    // among good lines it is one problem with its line, the others imported
    const mixed = bytesFile('mixed.ndjson', [
      JSON.stringify({ url: 'https://a.example/1', title: 'One', region: 'US', lang: 'en' }),
      `{"url": "https://a.example/2", "title": "${'y'.repeat(9 * 1024 * 1024)}"}`,
      JSON.stringify({ url: 'https://a.example/3', title: 'Three', region: 'US', lang: 'en' }),
    ].join('\n'))
    const store = openTestStore()
    const report = await importFile(store, mixed)
    expect(report).toMatchObject({ rows: 3, articles: 2, skipped: 1 })
    expect(report.problems).toEqual([{ line: 2, reason: 'the line is 9,437,227 bytes long without a line break (at most 8 MiB): NDJSON has one record per line' }])
  })

  it('warns about lines that are not UTF-8 (Latin-1), and refuses them with --strict', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${JSON.stringify({ url: 'https://a.example/1', title: 'Plain', region: 'FR', lang: 'fr' })}\n`),
      Buffer.from(`${JSON.stringify({ url: 'https://a.example/2', title: 'Élection à Paris', region: 'FR', lang: 'fr' })}\n`, 'latin1'),
      Buffer.from(`${JSON.stringify({ url: 'https://a.example/3', title: 'Déjà vu', region: 'FR', lang: 'fr' })}\n`, 'utf8'),
    ])
    const file = bytesFile('latin1.ndjson', latin1)
    const store = openTestStore()
    const report = await importFile(store, file)
    expect(report).toMatchObject({ rows: 3, articles: 3, skipped: 0, warningCount: 1 })
    expect(report.warnings).toEqual([{ line: 2, reason: expect.stringMatching(/^not valid UTF-8 \(Latin-1 or damaged text\?\): .*U\+FFFD/) }])
    const strict = openTestStore()
    const refused = await importFile(strict, file, { strict: true })
    expect(refused).toMatchObject({ refused: true, skipped: 1, problems: [{ line: 2, reason: expect.stringMatching(/^not valid UTF-8/) }] })
    expect(strict.counts().articles).toBe(0)
    // the same in a CSV file, with its line
    const csv = bytesFile('latin1.csv', Buffer.concat([
      Buffer.from('url,title,region,lang\nhttps://a.example/1,Plain,FR,fr\n'),
      Buffer.from('https://a.example/2,Noël,FR,fr\n', 'latin1'),
    ]))
    const csvReport = await importFile(openTestStore(), csv)
    expect(csvReport).toMatchObject({ rows: 2, articles: 2, warningCount: 1, warnings: [{ line: 3 }] })
  })
})
