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

/**
 * Every `type` a 422 issue can carry: pydantic's names (what a FastAPI service such as the hosted
 * one sends), so scripts can branch on them. docs/contract-decisions.md lists these, checked by a
 * test, and a test makes a request for each.
 */
export const validationTypes = [
  'missing',
  'json_invalid',
  'int_parsing',
  'bool_parsing',
  'datetime_parsing',
  'uuid_parsing',
  'enum',
  'string_pattern_mismatch',
  'string_too_short',
  'string_too_long',
  'greater_than_equal',
  'less_than_equal',
  'too_short',
  'too_long',
  'string_type',
  'bool_type',
  'int_type',
  'list_type',
  'dict_type',
  'value_error',
] as const
export type ValidationType = (typeof validationTypes)[number]

/** `{detail: [{loc, msg, type}]}`: invalid parameters (422). */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.enum(validationTypes),
})
export const validationErrorSchema = z.object({ detail: z.array(validationIssueSchema) })

export type PlainError = z.infer<typeof plainErrorSchema>
export type TrackingError = z.infer<typeof trackingErrorSchema>
export type ValidationIssue = z.infer<typeof validationIssueSchema>
export type ErrorBody = PlainError | TrackingError | z.infer<typeof validationErrorSchema>
