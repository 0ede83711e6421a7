import { callAhead, type AnyQuestion } from '../api/client'
import type { Section } from '../../../shared/sections'
import { articlesFirstQuestions } from '../features/articles/questions'
import { geographyFirstQuestions } from '../features/geography/questions'
import { signalsFirstQuestions } from '../features/signals/questions'
import { trendsFirstQuestions } from '../features/trends/questions'

/** Each screen's first questions for a view (its query string, and the rest of its path: a chosen trend), where the screen declares them. */
const firstQuestions: Partial<Record<Section, (search: string, rest: readonly string[]) => AnyQuestion[]>> = {
  trends: trendsFirstQuestions,
  articles: articlesFirstQuestions,
  signals: signalsFirstQuestions,
  geography: geographyFirstQuestions,
}

/**
 * Asks a screen's first questions while its code loads (a link opened, another section chosen):
 * the screen, once drawn, takes the answers instead of asking after its code has run.
 */
export function askAhead(section: Section, search: string, rest: readonly string[]): void {
  for (const q of firstQuestions[section]?.(search, rest) ?? []) callAhead(q.id, q.options)
}
