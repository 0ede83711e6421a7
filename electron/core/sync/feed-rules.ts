import type { FeedArticle, FeedSnapshot } from '../../../shared/contract/feed'
import { isFormatGroup } from '../../../shared/contract/values'
import { normalizeDomain } from '../domains/normalize-domain'
import { articleUrlParts } from '../ingest/canonical-url'
import { FIELD_LIMITS, fewEnough, inRange, knownCountry, knownLanguage, OBSERVED_RANGE, PUBLISHED_RANGE, RowError, withinLimit } from '../ingest/field-rules'

/**
 * An upstream's elements checked with the rules of a file import (ingest/field-rules.ts), and what
 * no file can claim: an article's id is the UUID v5 of its canonical URL, so an upstream can never
 * name a stored article by another URL, nor store a second article of a URL.
 */

/** Why an upstream's article is refused (a sentence), or null when it may be stored. */
export function feedArticleProblem(a: FeedArticle): string | null {
  try {
    withinLimit('url', a.url, FIELD_LIMITS.url)
    const parts = articleUrlParts(a.url)
    if (!parts) return `its url is not an http(s) address of an article: ${JSON.stringify(a.url.slice(0, 100))}`
    if (parts.id !== a.id) return `its id ${a.id} is not the one of its URL (${parts.id}, the UUID v5 of the canonical URL)`
    withinLimit('domain', a.domain, FIELD_LIMITS.domain)
    if (normalizeDomain(a.domain) !== a.domain) return `its domain is not a domain name: ${JSON.stringify(a.domain.slice(0, 100))}`
    if (a.title.trim() === '') return 'its title is empty'
    withinLimit('title', a.title, FIELD_LIMITS.title)
    if (a.summary !== null) withinLimit('summary', a.summary, FIELD_LIMITS.summary)
    if (a.markdown !== null) withinLimit('markdown', a.markdown, FIELD_LIMITS.markdown)
    if (a.category !== null) withinLimit('category', a.category, FIELD_LIMITS.category)
    if (a.content_type !== null && !isFormatGroup(a.content_type)) return `its content_type is not a format group: ${JSON.stringify(a.content_type.slice(0, 40))}`
    if (!knownCountry(a.region) || a.region !== a.region.toUpperCase()) return `its region is not a country code: ${JSON.stringify(a.region.slice(0, 20))}`
    if (!knownLanguage(a.lang) || a.lang !== a.lang.toLowerCase()) return `its lang is not a language code: ${JSON.stringify(a.lang.slice(0, 20))}`
    if (a.published_at !== null) inRange('published_at', Date.parse(a.published_at), PUBLISHED_RANGE)
    fewEnough('entities', a.entities, FIELD_LIMITS.entitiesPerArticle)
    a.entities.forEach((e, i) => {
      withinLimit(`entities[${i}].id`, e.id, FIELD_LIMITS.entity)
      withinLimit(`entities[${i}].name`, e.name, FIELD_LIMITS.entity)
      if (e.type !== null) withinLimit(`entities[${i}].type`, e.type, FIELD_LIMITS.entity)
      if (!(e.score >= 0 && e.score <= 1)) throw new RowError(`entities[${i}].score should be between 0 and 1`)
    })
    if (a.images !== null) {
      fewEnough('images', a.images, FIELD_LIMITS.imagesPerArticle)
      a.images.forEach((img, i) => withinLimit(`images[${i}].url`, img.url, FIELD_LIMITS.url))
    }
    withinLimit('publisher.name', a.publisher.name, FIELD_LIMITS.publisher)
    if (a.publisher.country !== null && !knownCountry(a.publisher.country)) return `its publisher's country is not a country code: ${JSON.stringify(a.publisher.country.slice(0, 20))}`
    return null
  } catch (error) {
    if (error instanceof RowError) return error.message
    throw error
  }
}

/** Why an upstream's snapshot is refused, or null. */
export function feedSnapshotProblem(s: FeedSnapshot): string | null {
  if (!knownCountry(s.country) || s.country !== s.country.toUpperCase()) return `its country is not a country code: ${JSON.stringify(s.country.slice(0, 20))}`
  try {
    inRange('observed_at', Date.parse(s.observed_at), OBSERVED_RANGE)
  } catch (error) {
    return (error as Error).message
  }
  return null
}
