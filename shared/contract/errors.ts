import { z } from 'zod'

/** `{detail: string}`: the ordinary error body. */
export const plainErrorSchema = z.object({ detail: z.string() })

/** `{detail: {code, message}}`: tracking-specific errors. */
export const trackingErrorCodes = [
  'kind_mismatch',
  'project_key_required',
  'market_not_entitled',
  'list_too_large',
  'computing',
] as const
export type TrackingErrorCode = (typeof trackingErrorCodes)[number]
export const trackingErrorSchema = z.object({ detail: z.object({ code: z.string(), message: z.string() }) })

/** `{detail: [{loc, msg, type}]}`: invalid parameters (422). */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
})
export const validationErrorSchema = z.object({ detail: z.array(validationIssueSchema) })

export type PlainError = z.infer<typeof plainErrorSchema>
export type TrackingError = z.infer<typeof trackingErrorSchema>
export type ValidationIssue = z.infer<typeof validationIssueSchema>
export type ErrorBody = PlainError | TrackingError | z.infer<typeof validationErrorSchema>
