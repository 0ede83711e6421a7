import type { z } from 'zod'
import { validationTypes, type ValidationIssue, type ValidationType } from '../../../shared/contract/errors'
import type { RouteDef } from '../../../shared/contract/routes'
import { ValidationApiError } from '../errors'

/** zod issues in the contract's 422 form: {loc: [where, ...path], msg, type}. */
export function toValidationIssues(where: 'query' | 'path' | 'body', error: z.ZodError, input: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))
    const value = path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key as string] : undefined), input)
    const missing = value === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union')
    return {
      loc: [where, ...path],
      msg: missing ? 'Field required' : issue.message,
      type: missing ? 'missing' : issueType(issue),
    }
  })
}

/** The 422 type of a zod issue: one of validationTypes (a check may name its own in `params.type`). */
function issueType(issue: z.core.$ZodIssue): ValidationType {
  const named = (issue as { params?: { type?: unknown } }).params?.type
  if (typeof named === 'string' && (validationTypes as readonly string[]).includes(named)) return named as ValidationType
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? 'string_too_short' : issue.origin === 'array' ? 'too_short' : 'greater_than_equal'
    case 'too_big':
      return issue.origin === 'string' ? 'string_too_long' : issue.origin === 'array' ? 'too_long' : 'less_than_equal'
    case 'invalid_value':
      return (issue as { expected?: unknown }).expected === 'stringbool' ? 'bool_parsing' : 'enum'
    case 'invalid_format':
      return issue.format === 'uuid' ? 'uuid_parsing' : issue.format === 'regex' ? 'string_pattern_mismatch' : 'value_error'
    case 'invalid_type':
      return TYPE_ERRORS[issue.expected] ?? 'value_error'
    default:
      return 'value_error'
  }
}

const TYPE_ERRORS: Record<string, ValidationType> = {
  string: 'string_type',
  boolean: 'bool_type',
  number: 'int_type',
  int: 'int_type',
  array: 'list_type',
  object: 'dict_type',
}

/** Query strings as the schemas take them: one value as a string, a repeated name as an array. */
export function queryRecord(all: Record<string, string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, values] of Object.entries(all)) out[name] = values.length === 1 ? values[0]! : values
  return out
}

/**
 * A request's input checked against its route's schemas: query, path and body, every problem
 * gathered into one 422 in the contract's shape (a body that is not JSON: 422 json_invalid).
 */
export async function parseInput(
  def: RouteDef,
  queries: Record<string, string[]>,
  rawParams: Record<string, string>,
  bodyText: () => Promise<string>,
): Promise<{ query: unknown; params: unknown; body: unknown }> {
  const issues: ValidationIssue[] = []
  const rawQuery = queryRecord(queries)
  const query = def.query?.safeParse(rawQuery)
  if (query && !query.success) for (const i of toValidationIssues('query', query.error, rawQuery)) issues.push(i)
  const params = def.params?.safeParse(rawParams)
  if (params && !params.success) for (const i of toValidationIssues('path', params.error, rawParams)) issues.push(i)
  let body: { success: boolean; data?: unknown } | undefined
  if (def.body) {
    let raw: unknown
    try {
      raw = JSON.parse((await bodyText()) || 'null')
    } catch {
      throw new ValidationApiError([{ loc: ['body'], msg: 'JSON decode error: the body is not valid JSON', type: 'json_invalid' }])
    }
    if (raw === null) {
      issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' })
      body = { success: false }
    } else {
      const parsed = def.body.safeParse(raw)
      if (!parsed.success) for (const i of toValidationIssues('body', parsed.error, raw)) issues.push(i)
      body = parsed
    }
  }
  if (issues.length > 0) throw new ValidationApiError(issues)
  return { query: query?.success ? query.data : {}, params: params?.success ? params.data : undefined, body: body?.data }
}
