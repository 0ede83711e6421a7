import { z } from 'zod'

/**
 * Query and path parameter builders. Query strings arrive as strings, so each builder
 * accepts the string form and yields the typed value; the input side stays describable
 * as JSON Schema for /openapi.json.
 */

const INTEGER = /^[+-]?\d+$/

export function intParam(opts: { default: number; min?: number; max?: number }) {
  let inner = z.number({ error: 'Input should be a valid integer' }).int('Input should be a valid integer')
  if (opts.min !== undefined) inner = inner.min(opts.min, `Input should be greater than or equal to ${opts.min}`)
  if (opts.max !== undefined) inner = inner.max(opts.max, `Input should be less than or equal to ${opts.max}`)
  const parsed = z
    .string()
    .trim()
    .regex(INTEGER, 'Input should be a valid integer, unable to parse string as an integer')
    .transform(Number)
    .pipe(inner)
  return parsed.optional().transform((v): number => v ?? opts.default)
}

export function boolParam(defaultValue: boolean) {
  return z
    .stringbool({ error: 'Input should be a valid boolean (true, false, 1, 0, yes, no, on, off)' })
    .optional()
    .transform((v) => v ?? defaultValue)
}

const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `Input should be one of: ${values.join(', ')}` })

/** An optional enumerated parameter. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return enumOf(values).optional()
}

/** An enumerated parameter with a default. */
export function enumParamOr<const T extends readonly [string, ...string[]]>(values: T, defaultValue: T[number]) {
  return enumOf(values)
    .optional()
    .transform((v): T[number] => v ?? defaultValue)
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i

/** An ISO 8601 date or date-time; a time without offset is taken as UTC. Yields a Date. */
export const dateParam = z
  .string()
  .trim()
  .refine((s) => (ISO_DATE.test(s) || ISO_DATETIME.test(s)) && !Number.isNaN(parseIsoUtc(s).getTime()), {
    message: 'Input should be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T12:00:00Z',
  })
  .transform(parseIsoUtc)
  .optional()

export function parseIsoUtc(s: string): Date {
  if (ISO_DATE.test(s)) return new Date(`${s}T00:00:00Z`)
  const normalised = s.replace(' ', 'T')
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(normalised) ? normalised : `${normalised}Z`)
}

export const uuidParam = z.uuid({ error: 'Input should be a valid UUID' })

/** A two-letter country code in any case, normalised to upper case. */
export const countryCodeParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Input should be a two-letter country code')
  .transform((s) => s.toUpperCase())

/** A country code or `all`. */
export const countryOrAllParam = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{2}|all|ALL)$/, 'Input should be a two-letter country code or all')
  .transform((s) => (s.toLowerCase() === 'all' ? 'all' : s.toUpperCase()))
  .optional()
  .transform((v) => v ?? 'all')

export const langOrAllParam = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{2,3}|all|ALL)$/, 'Input should be a language code (two or three letters) or all')
  .transform((s) => (s.toLowerCase() === 'all' ? 'all' : s.toLowerCase()))
  .optional()
  .transform((v) => v ?? 'all')

export const sortOrderParam = enumParamOr(['asc', 'desc'] as const, 'desc')

export const pagingParams = (defaults: { limit: number; max: number }) => ({
  limit: intParam({ default: defaults.limit, min: 1, max: defaults.max }),
  offset: intParam({ default: 0, min: 0 }),
})

/** Repeated query parameters (`?mention=a&mention=b`) arrive as arrays. */
export const repeatedStringParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
