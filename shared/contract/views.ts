import { z } from 'zod'
import { uuidParam } from './params'
import { pagePaths } from '../sections'

/** Saved views: any view of the window (its path and query: every view is a link) kept under a name. */

const FIRST_SEGMENT = new RegExp(`^/(${pagePaths.join('|')})(?=[/?#]|$)`)

const viewName = z
  .string({ error: 'Give the view a name' })
  .trim()
  .min(1, 'Give the view a name')
  .max(80, 'A name of at most 80 characters')

const viewPath = z
  .string({ error: 'Give the view\'s path' })
  .trim()
  .max(2000, 'A path of at most 2,000 characters')
  .refine((p) => FIRST_SEGMENT.test(p), { message: `A path of the window: /${pagePaths.join(', /')}, with its query` })

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})

export const savedViewsResponse = z.object({ views: z.array(savedViewSchema) })
export const savedViewResponse = z.object({ view: savedViewSchema })
export const createViewBody = z.object({ name: viewName, path: viewPath })
export const updateViewBody = z.object({ name: viewName.optional(), path: viewPath.optional() })
export const viewIdPath = z.object({ view_id: uuidParam })
export const removedViewResponse = z.object({ removed: z.string() })
