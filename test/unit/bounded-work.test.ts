import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { extractEntities, Gazetteer, MAX_TAGGED, namedEntities, taggedText } from '../../electron/core/analytics/entities/extract'
import { readableBody } from '../../electron/core/analytics/mentions/matching'
import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'
import { FIELD_LIMITS } from '../../electron/core/ingest/field-rules'
import { importFile } from '../../electron/core/ingest/importer'
import { openTestStore, tempDir } from '../helpers/core'

/** No row does unbounded work: every field has a limit at the door, and what reads a row's text reads it in time linear in it. */

const ndjson = (rows: object[]) => {
  const file = path.join(tempDir(), 'rows.ndjson')
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'))
  return file
}

/** A headline of short words, `length` characters long, some capitalised (names for the tagger), as long titles from a hostile file are. */
function shortWords(length: number, seed = 7): string {
  let s = seed
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648)
  const out: string[] = []
  let size = 0
  while (size < length) {
    let w = ''
    for (let k = 0, n = 2 + (next() % 5); k < n; k++) w += 'abcdefghijklmnopqrstuvwxyz'[next() % 26]
    if (next() % 4 === 0) w = w[0]!.toUpperCase() + w.slice(1)
    out.push(w)
    size += w.length + 1
  }
  return out.join(' ').slice(0, length).trimEnd()
}

describe('the limits at the door', () => {
  const base = { url: 'https://example.com/a', region: 'US', lang: 'en' }

  it('imports a title of the largest size, made of short words, with the entities its text names', async () => {
    const store = openTestStore()
    const title = shortWords(FIELD_LIMITS.title)
    expect(title.length).toBeGreaterThan(FIELD_LIMITS.title - 8)
    const report = await importFile(store, ndjson([{ ...base, title }]))
    expect(report).toMatchObject({ rows: 1, articles: 1, skipped: 0 })
    expect(store.articles.get(articleIdForUrl(base.url)!)?.title).toBe(title)
  })

  it.each([
    ['title', { title: 'x'.repeat(FIELD_LIMITS.title + 1) }, 'title is 1,001 characters long; at most 1,000 are accepted'],
    ['summary', { title: 'T', summary: 's'.repeat(FIELD_LIMITS.summary + 1) }, 'summary is 20,001 characters long; at most 20,000 are accepted'],
    ['markdown', { title: 'T', markdown: 'm'.repeat(FIELD_LIMITS.markdown + 1) }, 'markdown is 1,000,001 characters long; at most 1,000,000 are accepted'],
    ['category', { title: 'T', category: `/${'c'.repeat(FIELD_LIMITS.category)}` }, 'category is 301 characters long; at most 300 are accepted'],
    ['entities', { title: 'T', entities: Array.from({ length: 201 }, (_, i) => ({ name: `E${i}` })) }, 'entities has 201 elements; at most 200 are accepted'],
    ['an entity\'s name', { title: 'T', entities: [{ name: 'n'.repeat(301) }] }, 'entities[0].name is 301 characters long; at most 300 are accepted'],
    ['images', { title: 'T', images: Array.from({ length: 101 }, (_, i) => ({ url: `https://example.com/${i}.jpg` })) }, 'images has 101 elements; at most 100 are accepted'],
    ['a year-9999 date', { title: 'T', published_at: '9999-01-01T00:00:00Z' }, 'published_at should lie between 1900 and 2099, not 9999-01-01T00:00:00.000Z'],
    ['a year-0001 date', { title: 'T', published_at: '0001-01-01T00:00:00.000Z' }, 'published_at should lie between 1900 and 2099, not 0001-01-01T00:00:00.000Z'],
    ['a long country code', { title: 'T', region: 'U'.repeat(10_000) }, 'region is 10,000 characters long; at most 64 are accepted'],
    ['an unknown language', { title: 'T', lang: 'zz' }, 'lang should be a language code such as en (ISO 639), not "zz"'],
  ])('refuses a row with %s, with its line and a sentence', async (_, fields, reason) => {
    const store = openTestStore()
    const report = await importFile(store, ndjson([{ ...base, ...fields }]))
    expect(report).toMatchObject({ rows: 1, articles: 0, skipped: 1 })
    expect(report.problems).toEqual([{ line: 1, reason }])
    expect(store.counts().articles).toBe(0)
  })

  it('refuses an observation of year 9999 or 1, and of an unknown country', async () => {
    const store = openTestStore()
    const row = { url: 'https://example.com/a', title: 'T', lang: 'en', position: 1, estimated_impressions: 5 }
    const report = await importFile(
      store,
      ndjson([
        { ...row, country: 'US', observed_at: '9999-12-31T00:00:00Z' },
        { ...row, country: 'US', observed_at: '0001-01-01T00:00:00Z' },
        { ...row, country: 'QQ', observed_at: '2026-11-20T10:00:00Z' },
      ]),
    )
    expect(report.problems.map((e) => e.reason)).toEqual([
      'observed_at should lie between 2000 and 2099, not 9999-12-31T00:00:00.000Z',
      'observed_at should lie between 2000 and 2099, not 0001-01-01T00:00:00.000Z',
      'unknown country code QQ',
    ])
    expect(store.counts().observations).toBe(0)
  })
})

describe('work linear in a row\'s text', () => {
  const vocabulary = ['bank', 'Bank', 'of', 'England', 'the', 'Federal', 'Reserve', 'rates', 'Apple', 'apple', 'Tim', 'Cook', 'says', 'new', 'York', 'New']
  const gazetteer = new Gazetteer([
    { id: 'boe', name: 'Bank of England', type: 'Organization' },
    { id: 'bank', name: 'Bank', type: null },
    { id: 'fed', name: 'Federal Reserve', type: 'Organization' },
    { id: 'apple', name: 'Apple', type: 'Organization' },
    { id: 'cook', name: 'Tim Cook', type: 'Person' },
    { id: 'ny', name: 'New York', type: 'Place' },
    { id: 'nyt', name: 'New York Times', type: 'Organization' },
  ])
  // per word: one lookup, and at most the words of the names that begin with it (New: 2 + 3 + the surname)
  const PER_WORD = 1 + 3 + 2 + 1

  it('finds known names in a text in steps bounded by a constant a word, whatever the text (seeded)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3000 }), fc.integer({ min: 1, max: 4 }), (words, copies) => {
        const text = words.join(' ')
        const once = { steps: 0 }
        extractEntities({ title: text }, gazetteer, once)
        expect(once.steps).toBeLessThanOrEqual(PER_WORD * words.length)
        // the same text several times over: the steps grow by as many times, never faster
        const many = { steps: 0 }
        extractEntities({ title: Array(copies).fill(text).join(' ') }, gazetteer, many)
        expect(many.steps).toBeLessThanOrEqual(copies * once.steps + copies * PER_WORD)
      }),
      { seed: 46, numRuns: 200 },
    )
  })

  it('gives the tagger a headline\'s length at most, cut at a word\'s end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (length) => {
        const text = shortWords(length, length + 1)
        const tagged = taggedText(text)
        expect(tagged.length).toBeLessThanOrEqual(MAX_TAGGED)
        expect(text.startsWith(tagged)).toBe(true)
        if (text.length <= MAX_TAGGED) expect(tagged).toBe(text)
        else expect(text[tagged.length]).toBe(' ')
      }),
      { seed: 46, numRuns: 100 },
    )
    // names past the headline's length are not read (a title past the limit never reaches here)
    expect(namedEntities(`${'a '.repeat(600)}Barack Obama visits Paris`, 'en')).toEqual([])
  })

  it('reads a body of brackets and angles, each without its closing mark, as it is', () => {
    const body = `${'['.repeat(50_000)}${'<'.repeat(50_000)}${'!['.repeat(10_000)}`
    expect(readableBody(body)).toBe(body)
    expect(readableBody('See [the report](https://example.com/r) and <b>this</b>.')).toBe('See the report and  this .')
  })
})

describe('the hostile files of test/fixtures, in both modes', () => {
  const fixture = (name: string) => path.resolve(__dirname, '../fixtures', name)

  it('imports every good line of hostile-articles.ndjson and reports every other with its number and a sentence', async () => {
    const store = openTestStore()
    const report = await importFile(store, fixture('hostile-articles.ndjson'))
    expect(report).toMatchObject({ rows: 13, articles: 2, skipped: 11 })
    expect(report.problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    for (const p of report.problems) {
      expect(p.reason.length).toBeGreaterThan(5)
      // eslint-disable-next-line no-control-regex
      expect(p.reason).not.toMatch(/[\u0000-\u0008\u001b]/)
    }
    expect(store.counts().articles).toBe(2)
  })

  it('imports every good line of hostile-observations.csv and reports every other', async () => {
    const store = openTestStore()
    const report = await importFile(store, fixture('hostile-observations.csv'))
    expect(report.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 8])
    expect(store.counts()).toMatchObject({ articles: 1, observations: 1 })
  })

  it.each(['hostile-articles.ndjson', 'hostile-observations.csv'])('refuses %s whole with --strict, writing nothing', async (name) => {
    const store = openTestStore()
    const report = await importFile(store, fixture(name), { strict: true })
    expect(report.refused).toBe(true)
    expect(report.problems.length).toBeGreaterThan(0)
    expect(store.counts()).toMatchObject({ articles: 0, observations: 0 })
  })
})
