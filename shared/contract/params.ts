import { z } from 'zod'

/**
 * Query and path parameter builders. Query strings arrive as strings, so each builder
 * accepts the string form and yields the typed value; the input side stays describable
 * as JSON Schema for /openapi.json.
 */

const INTEGER = /^[+-]?\d+$/

/**
 * How a query parameter reads in /openapi.json: the value a client sends (an integer, a
 * boolean, a date-time...), its bounds and default. The schemas take query strings, so their
 * own JSON form would say only "a string"; this says what the string must hold.
 */
export interface ParamDoc {
  type: 'integer' | 'boolean' | 'string'
  format?: string
  minimum?: number
  maximum?: number
  default?: unknown
  enum?: readonly string[]
  pattern?: string
  description?: string
}

const documented = <S extends z.ZodType>(schema: S, doc: ParamDoc): S => schema.meta({ param: doc })

/** The documentation of a parameter's schema, where its builder gave one. */
export function paramDoc(schema: z.ZodType): ParamDoc | undefined {
  return (z.globalRegistry.get(schema) as { param?: ParamDoc } | undefined)?.param
}

export function intParam(opts: { default: number; min?: number; max?: number }) {
  let inner = z.number({ error: 'Input should be a valid integer' }).int('Input should be a valid integer')
  if (opts.min !== undefined) inner = inner.min(opts.min, `Input should be greater than or equal to ${opts.min}`)
  if (opts.max !== undefined) inner = inner.max(opts.max, `Input should be less than or equal to ${opts.max}`)
  const parsed = z
    .string()
    .trim()
    .refine((s) => INTEGER.test(s), { message: 'Input should be a valid integer, unable to parse string as an integer', params: { type: 'int_parsing' }, abort: true })
    .transform(Number)
    .pipe(inner)
  return documented(parsed.optional().transform((v): number => v ?? opts.default), {
    type: 'integer',
    minimum: opts.min,
    maximum: opts.max,
    default: opts.default,
  })
}

export function boolParam(defaultValue: boolean) {
  return documented(
    z
      .stringbool({ error: 'Input should be a valid boolean (true, false, 1, 0, yes, no, on, off)' })
      .optional()
      .transform((v) => v ?? defaultValue),
    { type: 'boolean', default: defaultValue },
  )
}

/** A boolean filter with no default: absent means "either". */
export function optionalBoolParam() {
  return documented(z.stringbool({ error: 'Input should be a valid boolean (true, false, 1, 0, yes, no, on, off)' }).optional(), { type: 'boolean' })
}

const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `Input should be one of: ${values.join(', ')}` })

/** An optional enumerated parameter. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return documented(enumOf(values).optional(), { type: 'string', enum: values })
}

/** An enumerated parameter with a default. */
export function enumParamOr<const T extends readonly [string, ...string[]]>(values: T, defaultValue: T[number]) {
  return documented(
    enumOf(values)
      .optional()
      .transform((v): T[number] => v ?? defaultValue),
    { type: 'string', enum: values, default: defaultValue },
  )
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i

/** An ISO 8601 date or date-time; a time without offset is taken as UTC. Yields a Date. */
export const dateParam = z
  .string()
  .trim()
  .refine((s) => (ISO_DATE.test(s) || ISO_DATETIME.test(s)) && !Number.isNaN(parseIsoUtc(s).getTime()), {
    message: 'Input should be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T12:00:00Z',
    params: { type: 'datetime_parsing' },
  })
  .transform(parseIsoUtc)
  .optional()
  .meta({ param: { type: 'string', format: 'date-time', description: 'ISO 8601 date (2026-11-01, 00:00 UTC) or date-time; without an offset, UTC' } satisfies ParamDoc })

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
  .meta({ param: { type: 'string', pattern: '^([A-Za-z]{2}|all|ALL)$', default: 'all', description: 'a two-letter country code, or all' } satisfies ParamDoc })

/** A language code (two or three letters) in any case, normalised to lower case: the pattern the document declares is the one the method applies. */
export const langParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}$/, 'Input should be a language code (two or three letters)')
  .transform((s) => s.toLowerCase())
  .optional()
  .meta({ param: { type: 'string', pattern: '^[A-Za-z]{2,3}$', description: 'a language code (two or three letters, any case)' } satisfies ParamDoc })

export const langOrAllParam = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{2,3}|all|ALL)$/, 'Input should be a language code (two or three letters) or all')
  .transform((s) => (s.toLowerCase() === 'all' ? 'all' : s.toLowerCase()))
  .optional()
  .transform((v) => v ?? 'all')
  .meta({ param: { type: 'string', pattern: '^([A-Za-z]{2,3}|all|ALL)$', default: 'all', description: 'a language code, or all' } satisfies ParamDoc })

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
