import { z } from 'zod'
import { countryOrAllParam, dateParam, intParam } from './params'

/** Winners and losers of a period and market: publishers, trends, entities or categories by impressions and by their change. */

export const leaderKinds = ['publisher', 'trend', 'entity', 'category'] as const
export const leaderOrders = ['impressions', 'gain', 'loss'] as const

export const leadersQuery = z.object({
  kind: z.enum(leaderKinds, { error: `Input should be one of: ${leaderKinds.join(', ')}` }).optional().transform((k) => k ?? 'publisher'),
  country: countryOrAllParam,
  date_from: dateParam,
  date_to: dateParam,
  /** the period compared with (none: no change is told; gain and loss need it) */
  compare_from: dateParam,
  compare_to: dateParam,
  sort_by: z.enum(leaderOrders, { error: `Input should be one of: ${leaderOrders.join(', ')}` }).optional().transform((o) => o ?? 'impressions'),
  limit: intParam({ default: 20, min: 1, max: 100 }),
})

export const leadersResponse = z.object({
  kind: z.enum(leaderKinds),
  country: z.string(),
  sort_by: z.enum(leaderOrders),
  compared: z.boolean(),
  leaders: z.array(
    z.object({
      /** the publisher's domain, the trend's id, the entity's id, the category's path */
      key: z.string(),
      label: z.string(),
      impressions: z.number().int(),
      articles: z.number().int(),
      /** impressions in the period compared, and the change (null without a comparison) */
      before: z.number().int().nullable(),
      delta: z.number().int().nullable(),
    }),
  ),
  /** groups with impressions in the period (and, for losses, in the one compared) */
  total: z.number().int(),
})
