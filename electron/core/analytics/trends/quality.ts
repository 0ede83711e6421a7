import { nameKey } from '../entities/names'
import { WORD } from '../mentions/matching'
import { bCubed } from './cluster'

/**
 * How well trends tell stories, against known storylines (docs/trends.md, "Quality"): B-cubed
 * precision, recall and F1 of the articles' trends; label fit, the share of trends of five
 * articles or more whose label (or its initials, "GM" for General Motors) appears in at least half
 * of their titles; and the most storylines one trend mixes. Pure.
 */

/** Trends of at least this many articles are counted in the label fit. */
export const LABELLED_TREND_SIZE = 5

export interface StorylineMember {
  seq: number
  title: string
  trend: string
  label: string
  storyline: string
}

export interface StorylineQuality {
  articles: number
  storylines: number
  trends: number
  precision: number
  recall: number
  f1: number
  /** trends of LABELLED_TREND_SIZE articles or more */
  labelled: number
  /** share of them whose label appears in at least half of their titles */
  labelFit: number
  /** the most storylines one trend holds */
  maxStorylines: number
  /** trends holding five storylines or more */
  catchAlls: number
}

/** Whether the label, as words or as its initials in capitals, appears in at least half of the titles. */
export function labelFits(label: string, titles: readonly string[]): boolean {
  const phrase = ` ${nameKey(label)} `
  const labelWords = label.match(WORD) ?? []
  const abbreviation = labelWords.length >= 2 ? new RegExp(`(?<![\\p{L}\\p{N}])${labelWords.map((w) => w[0]!.toUpperCase()).join('\\.?')}\\.?(?![\\p{L}\\p{N}])`, 'u') : null
  const carrying = titles.filter((t) => ` ${nameKey(t)} `.includes(phrase) || (abbreviation?.test(t) ?? false)).length
  return phrase.trim() !== '' && carrying >= titles.length / 2
}

export function storylineQuality(members: readonly StorylineMember[]): StorylineQuality {
  const score = bCubed(new Map(members.map((m) => [m.seq, m.trend])), new Map(members.map((m) => [m.seq, m.storyline])))
  const byTrend = new Map<string, StorylineMember[]>()
  for (const m of members) (byTrend.get(m.trend) ?? byTrend.set(m.trend, []).get(m.trend)!).push(m)
  const labelled = [...byTrend.values()].filter((list) => list.length >= LABELLED_TREND_SIZE)
  const fitting = labelled.filter((list) => labelFits(list[0]!.label, list.map((m) => m.title))).length
  const storylinesPerTrend = [...byTrend.values()].map((list) => new Set(list.map((m) => m.storyline)).size)
  return {
    articles: members.length,
    storylines: new Set(members.map((m) => m.storyline)).size,
    trends: byTrend.size,
    precision: score.precision,
    recall: score.recall,
    f1: score.f1,
    labelled: labelled.length,
    labelFit: labelled.length > 0 ? fitting / labelled.length : 1,
    maxStorylines: Math.max(0, ...storylinesPerTrend),
    catchAlls: storylinesPerTrend.filter((n) => n >= 5).length,
  }
}
