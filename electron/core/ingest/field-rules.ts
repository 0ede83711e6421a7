import countryCodes from 'i18n-iso-countries'
import { languages } from 'countries-list'

/**
 * What a field may hold at the door, the same for a file import, the window's import and a sync
 * (docs/import-format.md, "Limits"): a value past its limit is not cut, the whole row (or the
 * upstream's article) is refused with a sentence naming the field, so no row does unbounded work
 * later (entity extraction, clustering, search) and what is stored is what was sent.
 */
export const FIELD_LIMITS = {
  /** characters; a headline, not a text */
  title: 1_000,
  summary: 20_000,
  markdown: 1_000_000,
  url: 2_048,
  domain: 253,
  category: 300,
  publisher: 300,
  /** an entity's id, name or type */
  entity: 300,
  entitiesPerArticle: 200,
  imagesPerArticle: 100,
} as const

/** Instants a feed observation may carry: 2000-01-01 to 2099-12-31 (UTC). */
export const OBSERVED_RANGE = { from: Date.UTC(2000, 0, 1), to: Date.UTC(2100, 0, 1) }
/** Instants a publication date may carry: 1900-01-01 to 2099-12-31 (UTC). */
export const PUBLISHED_RANGE = { from: Date.UTC(1900, 0, 1), to: Date.UTC(2100, 0, 1) }

/** A row (or an upstream's element) that breaks a rule, with the sentence that says which. */
export class RowError extends Error {}

const count = (n: number) => n.toLocaleString('en-US')

/** Text of a field within its limit (characters); a longer value is refused. */
export function withinLimit(name: string, value: string, max: number): string {
  if (value.length > max) throw new RowError(`${name} is ${count(value.length)} characters long; at most ${count(max)} are accepted`)
  return value
}

/** A list of a field within its limit of elements. */
export function fewEnough<T>(name: string, values: readonly T[], max: number): readonly T[] {
  if (values.length > max) throw new RowError(`${name} has ${count(values.length)} elements; at most ${count(max)} are accepted`)
  return values
}

/** An instant (ms) within a range, else refused with the range in words. */
export function inRange(name: string, ms: number, range: { from: number; to: number }): number {
  if (ms < range.from || ms >= range.to) {
    const year = (t: number) => new Date(t).getUTCFullYear()
    throw new RowError(`${name} should lie between ${year(range.from)} and ${year(range.to) - 1}, not ${Number.isFinite(ms) ? new Date(ms).toISOString() : 'that'}`)
  }
  return ms
}

/** Whether a code is an ISO 3166-1 alpha-2 country (any case). */
export const knownCountry = (code: string): boolean => /^[A-Za-z]{2}$/.test(code) && countryCodes.isValid(code.toUpperCase())

/** Whether a code is a language: an ISO 639-1 code, or a three-letter ISO 639-2/3 code (any case). */
export const knownLanguage = (code: string): boolean => {
  const lower = code.toLowerCase()
  return lower.length === 2 ? lower in languages : /^[a-z]{3}$/.test(lower)
}

/** Text from elsewhere (an upstream's error, a file's name) for a terminal or a window: control characters (escape sequences) removed, at most `max` characters. */
export function printable(text: string, max = 500): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, '')
  return clean.length > max ? `${clean.slice(0, max)}…` : clean
}
