import { formatGroups, isFormatGroup } from '../../../shared/contract/values'
import { entityIdForName } from '../analytics/entities/entity-ids'
import { normalizeDomain } from '../domains/normalize-domain'
import { MAX_ENTRY_VALUE } from '../store/feed-entries'
import { articleUrlParts } from './canonical-url'
import { FIELD_LIMITS, fewEnough, inRange, knownCountry, knownLanguage, OBSERVED_RANGE, PUBLISHED_RANGE, RowError, withinLimit } from './field-rules'
import type { ArticleRecord, EntityRecord, ObservationRecord, PublisherRecord } from '../store/records'

export { RowError } from './field-rules'

/** What one input row becomes; a row is either valid (records) or rejected with a reason. */
export interface RowRecords {
  publisher?: PublisherRecord
  entities?: EntityRecord[]
  article?: ArticleRecord
  observation?: ObservationRecord
  /** A new article's fields may come with its first observation. */
  truth?: { source: string; storylineId: string }
}

export type Row = Record<string, unknown>

export interface RowContext {
  /** Default language of a country, for rows that give none. */
  languageOf(country: string): string | null
  /** Country given to rows of formats that carry none (UCI). */
  defaultCountry: string
  urls: UrlCache
}

/** Any text field of a row, at most this long (characters) unless the field has its own limit. */
const MAX_TEXT = 1_000

function text(row: Row, name: string, required: true, max?: number): string
function text(row: Row, name: string, required?: false, max?: number): string | null
function text(row: Row, name: string, required = false, max = MAX_TEXT): string | null {
  const v = row[name]
  if (v === undefined || v === null || v === '') {
    if (required) throw new RowError(`${name} is missing`)
    return null
  }
  if (typeof v !== 'string' && typeof v !== 'number') throw new RowError(`${name} should be text`)
  return withinLimit(name, String(v), max)
}

function integer(row: Row, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const v = row[name]
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN
  if (!Number.isInteger(n)) throw new RowError(`${name} should be a whole number, not ${JSON.stringify(v ?? null)}`)
  if (n < min) throw new RowError(`${name} should be at least ${min}, not ${n}`)
  if (n > max) throw new RowError(`${name} should be at most ${max}, not ${n}`)
  return n
}

const CANONICAL_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** The last timestamp read: a feed snapshot repeats one instant on every row. */
let lastTimestamp: { raw: unknown; value: string; range: { from: number; to: number } | null } = { raw: undefined, value: '', range: null }

function timestamp(row: Row, name: string, required: boolean, range: { from: number; to: number }): string | null {
  const raw = row[name]
  if (typeof raw === 'string' && raw === lastTimestamp.raw && range === lastTimestamp.range) return lastTimestamp.value
  const value = parseTimestamp(row, name, required, range)
  if (value !== null) lastTimestamp = { raw, value, range }
  return value
}

function parseTimestamp(row: Row, name: string, required: boolean, range: { from: number; to: number }): string | null {
  const raw = row[name]
  // Most feeds already write canonical UTC timestamps: keep them as they are.
  if (typeof raw === 'string' && raw.length === 24 && CANONICAL_UTC.test(raw)) {
    const ms = Date.parse(raw)
    if (!Number.isNaN(ms)) {
      inRange(name, ms, range)
      return raw
    }
  }
  const v = text(row, name, false, 64)
  if (v === null) {
    if (required) throw new RowError(`${name} is missing`)
    return null
  }
  const ms = /^\d{10,13}$/.test(v) ? Number(v.length === 13 ? v : `${v}000`) : Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) || !v.includes('T') ? v : `${v}Z`)
  if (Number.isNaN(ms)) throw new RowError(`${name} should be an ISO 8601 date-time or epoch milliseconds, not ${JSON.stringify(v)}`)
  return new Date(inRange(name, ms, range)).toISOString()
}

function country(row: Row, name: string, ctx: RowContext, required: boolean): string {
  const v = text(row, name, false, 64)
  if (v === null) {
    if (required) throw new RowError(`${name} is missing`)
    return ctx.defaultCountry
  }
  if (!/^[A-Za-z]{2}$/.test(v)) throw new RowError(`${name} should be a two-letter country code (ISO 3166-1), not ${JSON.stringify(v)}`)
  if (!knownCountry(v)) throw new RowError(`unknown country code ${v.toUpperCase()}`)
  return v.toUpperCase()
}

function language(row: Row, region: string, ctx: RowContext): string {
  const v = text(row, 'lang', false, 64)
  if (v === null) {
    const fallback = ctx.languageOf(region)
    if (!fallback) throw new RowError(`lang is missing and the store knows no language for ${region}`)
    return fallback
  }
  if (!knownLanguage(v)) throw new RowError(`lang should be a language code such as en (ISO 639), not ${JSON.stringify(v)}`)
  return v.toLowerCase()
}

/** An article URL resolved once: its canonical form, id and domain. */
export interface ResolvedUrl {
  readonly url: string
  readonly id: string
  readonly domain: string
  /** The store's key of the article, once the importer has found it (never changes after). */
  seq?: number
}

/** Most URLs one import remembers (about 300 bytes each): beyond it the cache starts over. */
const MAX_CACHED_URLS = 2_000_000

/**
 * The URLs one import has met. Feeds repeat each URL many times; canonicalising and hashing once
 * per URL, and finding the article's key once, keeps imports fast.
 */
export class UrlCache {
  private readonly resolved = new Map<string, ResolvedUrl | null>()

  /** The resolved URL, or null when the text is not an absolute http(s) URL. */
  resolve(raw: string): ResolvedUrl | null {
    let resolved = this.resolved.get(raw)
    if (resolved === undefined) {
      const url = raw.trim()
      const parts = articleUrlParts(url)
      resolved = parts && { url, ...parts }
      if (this.resolved.size >= MAX_CACHED_URLS) this.resolved.clear()
      this.resolved.set(raw, resolved)
    }
    return resolved
  }
}

function urlOf(row: Row, ctx: RowContext, name = 'url'): ResolvedUrl {
  const raw = row[name]
  const resolved = ctx.urls.resolve(text(row, name, true, FIELD_LIMITS.url))
  if (!resolved) throw new RowError(`${name} should be an absolute http(s) URL, not ${JSON.stringify(String(raw).trim())}`)
  return resolved
}


function entitiesOf(row: Row): Array<{ record: EntityRecord; score: number }> {
  let v = row.entities
  if (v === undefined || v === null || v === '') return []
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v)
    } catch {
      throw new RowError('entities should be a JSON array of {id?, name, type?, score?}')
    }
  }
  if (!Array.isArray(v)) throw new RowError('entities should be an array of {id?, name, type?, score?}')
  return fewEnough('entities', v, FIELD_LIMITS.entitiesPerArticle).map((e, i) => {
    if (!e || typeof e !== 'object' || typeof (e as Row).name !== 'string' || !(e as Row).name) {
      throw new RowError(`entities[${i}] needs a name`)
    }
    const entity = e as { id?: unknown; name: string; type?: unknown; score?: unknown }
    withinLimit(`entities[${i}].name`, entity.name, FIELD_LIMITS.entity)
    if (typeof entity.id === 'string') withinLimit(`entities[${i}].id`, entity.id, FIELD_LIMITS.entity)
    if (typeof entity.type === 'string') withinLimit(`entities[${i}].type`, entity.type, FIELD_LIMITS.entity)
    const score = entity.score === undefined ? 0.5 : Number(entity.score)
    if (!Number.isFinite(score) || score < 0 || score > 1) throw new RowError(`entities[${i}].score should be between 0 and 1`)
    return {
      record: {
        id: typeof entity.id === 'string' && entity.id ? entity.id : entityIdForName(entity.name),
        name: entity.name,
        type: typeof entity.type === 'string' ? entity.type : null,
      },
      score,
    }
  })
}

function imagesOf(row: Row): ArticleRecord['images'] {
  let v = row.images
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v)
    } catch {
      throw new RowError('images should be a JSON array of {url, width?, height?}')
    }
  }
  if (!Array.isArray(v)) throw new RowError('images should be an array of {url, width?, height?}')
  return fewEnough('images', v, FIELD_LIMITS.imagesPerArticle).map((img, i) => {
    const o = img as { url?: unknown; width?: unknown; height?: unknown }
    if (typeof o?.url !== 'string') throw new RowError(`images[${i}] needs a url`)
    withinLimit(`images[${i}].url`, o.url, FIELD_LIMITS.url)
    return { url: o.url, width: typeof o.width === 'number' ? o.width : null, height: typeof o.height === 'number' ? o.height : null }
  })
}

/** Article fields shared by article rows and by observation rows that introduce a new article. */
function articleOf(row: Row, ctx: RowContext, region: string, u: ResolvedUrl): RowRecords {
  const contentType = text(row, 'content_type', false, 64)
  if (contentType !== null && !isFormatGroup(contentType)) {
    throw new RowError(`content_type should be one of ${formatGroups.join(', ')}, not ${JSON.stringify(contentType)}`)
  }
  const explicitDomain = text(row, 'domain', false, FIELD_LIMITS.domain)
  const domain = explicitDomain === null ? u.domain : normalizeDomain(explicitDomain)
  if (!domain) throw new RowError(`domain should be a domain name, not ${JSON.stringify(explicitDomain)}`)
  const entities = entitiesOf(row)
  const publisherName = text(row, 'publisher', false, FIELD_LIMITS.publisher)
  return {
    publisher: publisherName ? { domain, name: publisherName, country: region } : undefined,
    entities: entities.map((e) => e.record),
    article: {
      id: u.id,
      url: u.url,
      title: text(row, 'title', true, FIELD_LIMITS.title),
      domain,
      region,
      lang: language(row, region, ctx),
      category: text(row, 'category', false, FIELD_LIMITS.category),
      contentType,
      summary: text(row, 'summary', false, FIELD_LIMITS.summary),
      markdown: text(row, 'markdown', false, FIELD_LIMITS.markdown),
      images: imagesOf(row),
      publishedAt: timestamp(row, 'published_at', false, PUBLISHED_RANGE),
      entities: entities.map((e) => ({ id: e.record.id, score: e.score })),
    },
  }
}

export function articleRow(row: Row, ctx: RowContext): RowRecords {
  const u = urlOf(row, ctx)
  const region = country(row, row.region !== undefined ? 'region' : 'country', ctx, true)
  return articleOf(row, ctx, region, u)
}

/** Whether an observation row brings its article's fields (a title): then it also (re)writes the article. */
export function hasArticleFields(row: Row): boolean {
  const title = row.title
  return title !== undefined && title !== null && title !== ''
}

/** An observation row without article fields: the fields checked, the URL resolved. */
export interface PlainObservation {
  url: ResolvedUrl
  country: string
  observedAt: string
  position: number
  estimatedImpressions: number
}

export function plainObservation(row: Row, ctx: RowContext): PlainObservation {
  return {
    url: urlOf(row, ctx),
    country: country(row, 'country', ctx, true),
    observedAt: timestamp(row, 'observed_at', true, OBSERVED_RANGE)!,
    position: integer(row, 'position', 1, MAX_ENTRY_VALUE),
    estimatedImpressions: integer(row, 'estimated_impressions', 0, MAX_ENTRY_VALUE),
  }
}

/** An observation row; when it carries a title it also (re)writes its article. */
export function observationRow(row: Row, ctx: RowContext): RowRecords {
  const { url, ...fields } = plainObservation(row, ctx)
  const observation: ObservationRecord = { articleId: url.id, ...fields }
  if (!hasArticleFields(row)) return { observation }
  return { ...articleOf(row, ctx, fields.country, url), observation }
}

const UCI_CATEGORIES: Record<string, string> = { b: '/Business', t: '/Science and Technology', e: '/Entertainment', m: '/Health' }

/** A row of the UCI News Aggregator CSV: an article with its publisher, category and STORY label. */
export function uciRow(row: Row, ctx: RowContext): RowRecords {
  const u = urlOf(row, ctx, 'URL')
  const category = text(row, 'CATEGORY', true, 8)
  if (!UCI_CATEGORIES[category]) throw new RowError(`CATEGORY should be one of b, t, e, m, not ${JSON.stringify(category)}`)
  const host = normalizeDomain(text(row, 'HOSTNAME', false, FIELD_LIMITS.domain) ?? u.domain) ?? u.domain
  const region = ctx.defaultCountry
  return {
    publisher: { domain: host, name: text(row, 'PUBLISHER', false, FIELD_LIMITS.publisher) ?? host, country: region },
    article: {
      id: u.id,
      url: u.url,
      title: text(row, 'TITLE', true, FIELD_LIMITS.title),
      domain: host,
      region,
      lang: ctx.languageOf(region) ?? 'en',
      category: UCI_CATEGORIES[category],
      publishedAt: timestamp(row, 'TIMESTAMP', false, PUBLISHED_RANGE),
    },
    truth: { source: 'uci', storylineId: text(row, 'STORY', true, 200) },
  }
}
