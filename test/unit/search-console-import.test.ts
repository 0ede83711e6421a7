import { strToU8, zipSync } from 'fflate'
import fc from 'fast-check'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'
import { countOf } from '../../electron/core/ingest/search-console/export-tables'
import { importSearchConsole, importSearchConsoleFiles, normalizeProperty } from '../../electron/core/ingest/search-console/gsc-import'
import { openTestStore, tempDir } from '../helpers/core'

/** A download of Search Console's Performance > Discover report, as it writes it: a zip of CSV tables. */
function exportZip(tables: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(tables).map(([name, text]) => [name, strToU8(text)])))
}

const ENGLISH = {
  'Dates.csv': 'Date,Clicks,Impressions,CTR\n2026-11-03,90,3000,3%\n2026-11-02,80,2500,3.2%\n2026-11-01,120,3000,4%\n',
  'Pages.csv': 'Top pages,Clicks,Impressions,CTR\nhttps://www.example.com/a,200,6000,3.33%\nhttps://news.example.com/b?utm_source=x,"1,020","12,000",8.5%\n',
  'Countries.csv': 'Country,Clicks,Impressions,CTR\nUnited States,220,6500,3.38%\nGermany,70,2000,3.5%\n',
  'Search appearance.csv': 'Search Appearance,Clicks,Impressions,CTR\nVideo,10,400,2.5%\n',
  'Filters.csv': 'Filter,Value\nSearch type,Discover\nDate,Last 3 months\n',
}

const rowsOf = (store: ReturnType<typeof openTestStore>) =>
  store.sqlite.prepare(`SELECT day_from, day_to, page, country, appearance, filters, clicks, impressions FROM gsc_rows ORDER BY 1, 2, 3, 4, 5, 6`).all()

describe('a Search Console export as Search Console writes it (the zip)', () => {
  it('stores each table\'s rows once for the property, day or range, page, country and appearance', () => {
    const store = openTestStore()
    const report = importSearchConsole(store, [{ name: 'example.com-Performance-on-Discover-2026-11-04.zip', bytes: exportZip(ENGLISH) }])
    expect(report).toMatchObject({
      property: 'sc-domain:example.com',
      searchType: 'discover',
      source: 'export',
      dayFrom: '2026-11-01',
      dayTo: '2026-11-03',
      filters: '',
      rows: 8,
      pages: 2,
      alreadyImported: false,
    })
    expect(report.tables.sort()).toEqual(['appearance', 'countries', 'dates', 'filters', 'pages'])
    const all = { filters: '', appearance: '' }
    expect(rowsOf(store)).toEqual([
      { day_from: '2026-11-01', day_to: '2026-11-01', page: '', country: '', ...all, clicks: 120, impressions: 3000 },
      { day_from: '2026-11-01', day_to: '2026-11-03', page: '', country: '', appearance: 'Video', filters: '', clicks: 10, impressions: 400 },
      { day_from: '2026-11-01', day_to: '2026-11-03', page: '', country: 'DE', ...all, clicks: 70, impressions: 2000 },
      { day_from: '2026-11-01', day_to: '2026-11-03', page: '', country: 'US', ...all, clicks: 220, impressions: 6500 },
      { day_from: '2026-11-01', day_to: '2026-11-03', page: 'https://news.example.com/b?utm_source=x', country: '', ...all, clicks: 1020, impressions: 12000 },
      { day_from: '2026-11-01', day_to: '2026-11-03', page: 'https://www.example.com/a', country: '', ...all, clicks: 200, impressions: 6000 },
      { day_from: '2026-11-02', day_to: '2026-11-02', page: '', country: '', ...all, clicks: 80, impressions: 2500 },
      { day_from: '2026-11-03', day_to: '2026-11-03', page: '', country: '', ...all, clicks: 90, impressions: 3000 },
    ])
    // a page is its article by canonical URL (tracking parameters and www. dropped)
    expect(store.sqlite.prepare(`SELECT article_id FROM gsc_rows WHERE page LIKE '%/b%'`).pluck().get()).toBe(articleIdForUrl('https://news.example.com/b'))
    // the daily figures of the site are the Dates table's
    expect(store.searchConsole.daily('sc-domain:example.com', 'discover', '2026-11-01', '2026-11-03', '')).toEqual([
      { day: '2026-11-01', clicks: 120, impressions: 3000, fromPages: false },
      { day: '2026-11-02', clicks: 80, impressions: 2500, fromPages: false },
      { day: '2026-11-03', clicks: 90, impressions: 3000, fromPages: false },
    ])
  })

  it('changes nothing when the same export comes again, and a newer export of the same days replaces their figures', () => {
    const store = openTestStore()
    const zip = exportZip(ENGLISH)
    importSearchConsole(store, [{ name: 'example.com-Performance-on-Discover-2026-11-04.zip', bytes: zip }])
    const before = rowsOf(store)
    const again = importSearchConsole(store, [{ name: 'example.com-Performance-on-Discover-2026-11-04.zip', bytes: zip }])
    expect(again.alreadyImported).toBe(true)
    // renamed, with its property told rather than inferred: the same content, the same import
    const renamed = importSearchConsole(store, [{ name: 'download (3).zip', bytes: zip }], { property: 'sc-domain:example.com' })
    expect(renamed.alreadyImported).toBe(true)
    expect(rowsOf(store)).toEqual(before)
    expect(store.searchConsole.imports()).toHaveLength(1)
    // Search Console revised a day: the later export's figure stands, the day is counted once
    importSearchConsole(store, [{ name: 'example.com-Performance-on-Discover-2026-11-05.zip', bytes: exportZip({ 'Dates.csv': 'Date,Clicks,Impressions,CTR\n2026-11-03,95,3100,3.06%\n' }) }])
    expect(store.searchConsole.daily('sc-domain:example.com', 'discover', '2026-11-03', '2026-11-03', '')).toEqual([{ day: '2026-11-03', clicks: 95, impressions: 3100, fromPages: false }])
  })

  it('keeps an export made with a country filter apart: its figures count for that country, never as the whole site\'s', () => {
    const store = openTestStore()
    importSearchConsole(store, [{ name: 'example.com-Performance-on-Discover-2026-11-04.zip', bytes: exportZip(ENGLISH) }])
    importSearchConsole(store, [
      {
        name: 'example.com-Performance-on-Discover-2026-11-04 (1).zip',
        bytes: exportZip({ 'Dates.csv': 'Date,Clicks,Impressions,CTR\n2026-11-01,70,2000,3.5%\n', 'Filters.csv': 'Filter,Value\nSearch type,Discover\nCountry,United States\n' }),
      },
    ])
    expect(store.searchConsole.daily('sc-domain:example.com', 'discover', '2026-11-01', '2026-11-01', '')).toEqual([{ day: '2026-11-01', clicks: 120, impressions: 3000, fromPages: false }])
    expect(store.searchConsole.daily('sc-domain:example.com', 'discover', '2026-11-01', '2026-11-01', 'US')).toEqual([{ day: '2026-11-01', clicks: 70, impressions: 2000, fromPages: false }])
    expect(store.sqlite.prepare(`SELECT filters FROM gsc_imports ORDER BY id`).pluck().all()).toEqual(['', 'country=US'])
  })

  it('refuses an export of Search results (not Discover or Google News), and a zip with no table of an export, in a sentence, writing nothing', () => {
    const store = openTestStore()
    expect(() => importSearchConsole(store, [{ name: 'a.zip', bytes: exportZip({ ...ENGLISH, 'Filters.csv': 'Filter,Value\nSearch type,Web\n' }) }])).toThrow(
      'a.zip: an export of web performance: Feedlens imports Discover and Google News',
    )
    expect(() => importSearchConsole(store, [{ name: 'b.zip', bytes: exportZip({ 'notes.csv': 'a,b\n1,2\n' }) }])).toThrow('b.zip: no table of a Search Console export (dates, pages, countries or search appearance) in it')
    expect(() => importSearchConsole(store, [{ name: 'c.zip', bytes: strToU8('PK\u0003\u0004 not a zip') }])).toThrow(/^c\.zip: not a zip file Feedlens can read/)
    expect(store.sqlite.prepare('SELECT count(*) FROM gsc_rows').pluck().get()).toBe(0)
    expect(store.searchConsole.imports()).toEqual([])
  })
})

describe('an export\'s CSV tables saved again by a spreadsheet, in the interface\'s language', () => {
  it('reads German tables saved by Excel (semicolons, day-first dates, thousands with dots) given together as one export', () => {
    const dir = tempDir()
    const write = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), `\uFEFF${text}`)
      return path.join(dir, name)
    }
    const files = [
      write('Datumsangaben.csv', 'Datum;Klicks;Impressionen;CTR\n01.11.2026;1.120;30.000;3,73 %\n02.11.2026;980;28.000;3,5 %\n'),
      write('Seiten.csv', 'Top-Seiten;Klicks;Impressionen;CTR\nhttps://www.beispiel.de/a;1.500;40.000;3,75 %\n'),
      write('Länder.csv', 'Land;Klicks;Impressionen;CTR\nDeutschland;1.900;50.000;3,8 %\nÖsterreich;200;8.000;2,5 %\n'),
      write('Filter.csv', 'Filter;Wert\nSuchtyp;Discover\nDatum;Letzte 3 Monate\n'),
    ]
    const store = openTestStore()
    const report = importSearchConsoleFiles(store, files)
    expect(report).toMatchObject({ property: 'sc-domain:beispiel.de', searchType: 'discover', dayFrom: '2026-11-01', dayTo: '2026-11-02', rows: 5 })
    expect(store.searchConsole.daily('sc-domain:beispiel.de', 'discover', '2026-11-01', '2026-11-02', '')).toEqual([
      { day: '2026-11-01', clicks: 1120, impressions: 30000, fromPages: false },
      { day: '2026-11-02', clicks: 980, impressions: 28000, fromPages: false },
    ])
    expect(store.searchConsole.countries('sc-domain:beispiel.de', 'discover')).toEqual([
      { country: 'DE', clicks: 1900, impressions: 50000 },
      { country: 'AT', clicks: 200, impressions: 8000 },
    ])
  })

  it('reads month-first dates of an English sheet, and refuses a pages table alone (its days are in the Dates table) with a sentence', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'Dates.csv'), 'Date,Clicks,Impressions,CTR\n11/13/2026,10,100,10%\n11/2/2026,20,400,5%\n')
    const store = openTestStore()
    const report = importSearchConsoleFiles(store, [path.join(dir, 'Dates.csv')], { property: 'https://www.example.org' })
    expect(report).toMatchObject({ property: 'https://www.example.org/', dayFrom: '2026-11-02', dayTo: '2026-11-13' })
    fs.writeFileSync(path.join(dir, 'Pages.csv'), 'Top pages,Clicks,Impressions,CTR\nhttps://example.org/x,1,10,10%\n')
    expect(() => importSearchConsoleFiles(store, [path.join(dir, 'Pages.csv')])).toThrow(/the days these totals cover are in the export's Dates table, which is not here/)
  })

  it('names the line of a bad row and writes nothing of the file', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'Dates.csv'), 'Date,Clicks,Impressions,CTR\n2026-11-01,10,100,10%\n2026-11-02,ten,100,10%\n')
    const store = openTestStore()
    expect(() => importSearchConsoleFiles(store, [path.join(dir, 'Dates.csv')], { property: 'sc-domain:example.org' })).toThrow(`${path.join(dir, 'Dates.csv')}: line 3: clicks should be a whole number, not "ten"`)
    fs.writeFileSync(path.join(dir, 'Dates.csv'), 'Date,Clicks,Impressions,CTR\n2026-02-30,10,100,10%\n')
    expect(() => importSearchConsoleFiles(store, [path.join(dir, 'Dates.csv')], { property: 'sc-domain:example.org' })).toThrow('line 2: "2026-02-30" is not a date')
    fs.writeFileSync(path.join(dir, 'Countries.csv'), 'Country,Clicks,Impressions,CTR\nAtlantis,1,10,10%\n')
    expect(() => importSearchConsoleFiles(store, [path.join(dir, 'Countries.csv')], { property: 'sc-domain:example.org' })).toThrow('line 2: "Atlantis" is not a country Feedlens knows')
    expect(store.sqlite.prepare('SELECT count(*) FROM gsc_rows').pluck().get()).toBe(0)
  })
})

describe('Search Analytics API answers (searchanalytics.query, type discover)', () => {
  const row = (date: string, page: string, country: string, clicks: number, impressions: number, device?: string) => ({
    keys: device ? [date, page, country, device] : [date, page, country],
    clicks,
    impressions,
    ctr: clicks / impressions,
  })

  it('reads the pages of an answer with its request, rows by date, page and country; devices summed', () => {
    const store = openTestStore()
    const answer = {
      request: { siteUrl: 'sc-domain:example.com', type: 'discover', dimensions: ['date', 'page', 'country', 'device'], startDate: '2026-11-01', endDate: '2026-11-02' },
      responses: [
        { rows: [row('2026-11-01', 'https://example.com/a', 'usa', 10, 100, 'MOBILE'), row('2026-11-01', 'https://example.com/a', 'usa', 2, 20, 'DESKTOP')], responseAggregationType: 'byPage' },
        { rows: [row('2026-11-02', 'https://example.com/a', 'deu', 5, 50, 'MOBILE')], responseAggregationType: 'byPage' },
      ],
    }
    const report = importSearchConsole(store, [{ name: 'answers.json', bytes: strToU8(JSON.stringify(answer)) }])
    expect(report).toMatchObject({ property: 'sc-domain:example.com', source: 'api', dayFrom: '2026-11-01', dayTo: '2026-11-02', rows: 2, pages: 1 })
    expect(rowsOf(store)).toEqual([
      { day_from: '2026-11-01', day_to: '2026-11-01', page: 'https://example.com/a', country: 'US', appearance: '', filters: '', clicks: 12, impressions: 120 },
      { day_from: '2026-11-02', day_to: '2026-11-02', page: 'https://example.com/a', country: 'DE', appearance: '', filters: '', clicks: 5, impressions: 50 },
    ])
    // no day total in the files: the sum of the day's pages, said to be so
    expect(store.searchConsole.daily('sc-domain:example.com', 'discover', '2026-11-01', '2026-11-02', '')).toEqual([
      { day: '2026-11-01', clicks: 12, impressions: 120, fromPages: true },
      { day: '2026-11-02', clicks: 5, impressions: 50, fromPages: true },
    ])
    expect(store.searchConsole.pages('sc-domain:example.com', 'discover', '2026-11-01', '2026-11-02', '')).toEqual([
      { page: 'https://example.com/a', articleId: articleIdForUrl('https://example.com/a'), clicks: 17, impressions: 170 },
    ])
  })

  it('tells the keys by their values when the answer comes alone, and refuses rows by query (Search results)', () => {
    const store = openTestStore()
    const alone = [{ rows: [row('2026-11-01', 'https://news.example.net/x', 'gbr', 3, 30)] }]
    expect(importSearchConsole(store, [{ name: 'page1.json', bytes: strToU8(JSON.stringify(alone)) }])).toMatchObject({ property: 'sc-domain:news.example.net', rows: 1 })
    const byQuery = { request: { dimensions: ['date', 'query'], type: 'web' }, response: { rows: [{ keys: ['2026-11-01', 'shoes'], clicks: 1, impressions: 2 }] } }
    expect(() => importSearchConsole(store, [{ name: 'q.json', bytes: strToU8(JSON.stringify(byQuery)) }])).toThrow('these are rows by query: Discover and Google News have no queries')
  })
})

describe('the door of Search Console files', () => {
  it('reads any count a spreadsheet may write, and nothing that is no count (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom(',', '.', ' ', '\u00a0', "'", ''), (n, sep) => {
        const grouped = n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, sep)
        expect(countOf(grouped)).toBe(n)
      }),
      { seed: 48, numRuns: 300 },
    )
    for (const bad of ['', '-3', '1.5e3', 'ten', '12a']) expect(countOf(bad)).toBeNull()
  })

  it('names a property as Search Console does', () => {
    expect(normalizeProperty('sc-domain:WWW.Example.com')).toBe('sc-domain:example.com')
    expect(normalizeProperty('https://www.example.com')).toBe('https://www.example.com/')
    expect(normalizeProperty('https://www.example.com/news')).toBe('https://www.example.com/news/')
    expect(normalizeProperty('example.com')).toBe('sc-domain:example.com')
    expect(normalizeProperty('ftp://example.com')).toBeNull()
  })
})
