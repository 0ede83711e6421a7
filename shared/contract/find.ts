import { z } from 'zod'
import { intParam } from './params'

/** "Find anything" (Ctrl+K in the window): saved views, trends, entities, publishers, categories, lists, sites and articles by what was typed. */

export const findKinds = ['view', 'trend', 'entity', 'publisher', 'category', 'list', 'site', 'article'] as const

export const findQuery = z.object({
  q: z
    .string({ error: 'Type what to find' })
    .trim()
    .min(2, 'Type at least two characters')
    .max(100, 'At most 100 characters'),
  /** how many of each kind at most */
  limit: intParam({ default: 5, min: 1, max: 20 }),
})

export const findResponse = z.object({
  q: z.string(),
  /** a few of each kind, in the order of `findKinds`, the most present first within a kind */
  results: z.array(
    z.object({
      kind: z.enum(findKinds),
      id: z.string(),
      label: z.string(),
      /** a word about it: a saved view's path, a trend's state, an entity's type, a publisher's domain, a list's kind, an article's publisher */
      detail: z.string(),
      /** its articles (trends, entities, publishers, categories) or items (lists); 0 where it says nothing */
      count: z.number().int(),
    }),
  ),
})
