import { z } from 'zod'
import { countryListInput } from './app'
import { uuidParam } from './params'
import { listKinds, matchTypes, searchScopes } from './values'

/**
 * The list editor's methods (app only: the contract's tracking methods only read). The same
 * rules serve the window, the loopback /app methods and `feedlens lists`.
 */

import { LIST_COLORS, MAX_ITEMS_PER_REQUEST } from './values'

export { LIST_COLORS, MAX_ITEMS_PER_REQUEST, MAX_KEYWORD_LENGTH } from './values'

const langListInput = z
  .array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'Each language should be a two-letter code'))
  .transform((list) => [...new Set(list.map((l) => l.toLowerCase()))])

const listName = z.string().trim().min(1, 'A list needs a name').max(100, 'A list name has at most 100 characters')
const colorIndex = z.number().int().min(0).max(LIST_COLORS - 1)

export const createListBody = z.object({
  kind: z.enum(listKinds),
  name: listName,
  color_index: colorIndex.optional(),
  /** mention lists only: markets (empty: every market of the key), languages (empty: any), where to look, on/off */
  countries: countryListInput.optional(),
  langs: langListInput.optional(),
  search_scope: z.enum(searchScopes).optional(),
  active: z.boolean().optional(),
})

export const updateListBody = z
  .object({
    name: listName.optional(),
    color_index: colorIndex.optional(),
    countries: countryListInput.optional(),
    langs: langListInput.optional(),
    search_scope: z.enum(searchScopes).optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' })

export const newItemInput = z.object({
  /**
   * entity: a knowledge-graph id or a plain name; category: a path; publisher: a domain or
   * URL; trend: a trend id; mention: the keyword.
   */
  value: z.string().trim().min(1, 'An item needs a value').max(500),
  /** mention lists only; broad when left out */
  match_type: z.enum(matchTypes).optional(),
})

export const addItemsBody = z.object({
  items: z.array(newItemInput).min(1, 'Give at least one item').max(MAX_ITEMS_PER_REQUEST),
})

export const removeItemsBody = z.object({
  /** item keys as the list detail shows them (for mention lists, the keyword ids) */
  keys: z.array(z.string().min(1)).min(1, 'Give at least one key').max(MAX_ITEMS_PER_REQUEST),
})

export const listPath = z.object({ list_id: uuidParam })

export const deletedListResponse = z.object({ deleted: z.uuid() })

export const suggestionsQuery = z.object({
  kind: z.enum(['entity', 'category', 'publisher', 'trend'], { error: 'Input should be one of: entity, category, publisher, trend' }),
  q: z.string().trim().max(100).optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'Input should be a valid integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(50))
    .optional()
    .transform((v) => v ?? 10),
})

export const suggestionsResponse = z.object({
  suggestions: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
})
