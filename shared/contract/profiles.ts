import { z } from 'zod'

export const profileQuery = z.object({
  domain: z.string({ error: 'Field required' }).trim().min(1, 'Input should have at least 1 character'),
})

export const profileBulkBody = z.object({
  domains: z
    .array(z.string().trim().min(1, 'Input should have at least 1 character'), { error: 'Input should be a valid list' })
    .min(1, 'List should have at least 1 item')
    .max(100, 'List should have at most 100 items'),
})

export const profileSearchQuery = z.object({
  q: z.string({ error: 'Field required' }).trim().min(2, 'String should have at least 2 characters'),
})

export const recentPublicationSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  title: z.string(),
  first_seen_at: z.string(),
  cabinet_url: z.string(),
})

export const profileResultSchema = z.object({
  ok: z.boolean(),
  domain: z.string(),
  exists: z.boolean(),
  title: z.string().nullable(),
  knowledgeGraphId: z.string().nullable(),
  totalFollowers: z.string(),
  recentPublications: z.array(recentPublicationSchema),
  error: z.string().optional(),
})

export const profileBulkResponse = z.object({
  results: z.array(profileResultSchema),
  total: z.number().int(),
  found: z.number().int(),
})

export const profileSearchResponse = z.object({
  q: z.string(),
  results: z.array(profileResultSchema),
  total: z.number().int(),
})
