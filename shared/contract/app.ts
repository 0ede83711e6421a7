import { z } from 'zod'
import { countryOrAllParam, uuidParam } from './params'
import { demoScales, formatGroups, importFormats, signalGranularities } from './values'

/** App-only operations (DESIGN: their own namespace, the app's session token, never an API key). */

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  api_access: z.boolean(),
  history_days: z.number().int().nullable(),
  requests_per_minute: z.number().int().nullable(),
  requests_per_month: z.number().int().nullable(),
  keys_per_project: z.number().int().nullable(),
})

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: planSchema,
  created_at: z.string(),
})

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  project_id: z.uuid().nullable(),
  internal: z.boolean(),
  countries: z.array(z.string()).nullable(),
  prefix: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
})

export const statusResponse = z.object({
  version: z.string(),
  data_dir: z.string(),
  project: projectSchema.nullable(),
  counts: z.object({ articles: z.number().int(), observations: z.number().int(), trends: z.number().int() }),
  /**
   * trends and signals: being recomputed by this process now, whether data arrived that they do not
   * cover yet, and the generation of the data the last completed recompute covered (it moves when
   * new figures are there, whichever process computed them)
   */
  analytics: z.object({
    refreshing: z.boolean(),
    behind: z.boolean(),
    generation: z.number().int(),
    /** articles the last refresh could not read and left out of the trends (the first 20), and why */
    skipped: z.array(z.object({ id: z.string(), title: z.string(), reason: z.string() })),
  }),
  /** the alerts inbox: alerts not read yet, and the newest one's time (the sidebar's badge) */
  alerts: z.object({ unread: z.number().int(), newest_at: z.string().nullable() }),
})

export const projectsResponse = z.object({ projects: z.array(projectSchema) })
export const keysResponse = z.object({ keys: z.array(apiKeySchema) })

export const countryListInput = z
  .array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'Each country should be a two-letter code'))
  .transform((list) => [...new Set(list.map((c) => c.toUpperCase()))])

export const createKeyBody = z
  .object({
    name: z.string().trim().min(1, 'A key needs a name').max(100, 'A key name has at most 100 characters'),
    project_id: uuidParam.optional(),
    internal: z.boolean().optional().default(false),
    countries: countryListInput.optional(),
  })
  .refine((b) => !(b.internal && b.project_id), {
    message: 'An internal key is not tied to a project: give either project_id or internal, not both',
    path: ['internal'],
  })

export const createdKeyResponse = z.object({
  key: apiKeySchema,
  value: z.string().describe('the key itself; shown once, never again'),
})

export const keyIdPath = z.object({ key_id: uuidParam })
export const revokedKeyResponse = z.object({ key: apiKeySchema })

export const jobKinds = ['demo', 'import', 'sync', 'gsc-pull'] as const

const rowProblemSchema = z.object({ line: z.number().int(), reason: z.string() })

/** What an import reports when it ends (the CLI prints the same). */
export const importReportSchema = z.object({
  file: z.string(),
  format: z.enum(importFormats),
  /** Records read (every non-empty line of an NDJSON file, every record of a CSV file): each is written, already stored, or a problem. */
  rows: z.number().int(),
  /** Empty lines of an NDJSON file: read, holding nothing. */
  blankLines: z.number().int(),
  articles: z.number().int(),
  observationsInserted: z.number().int(),
  observationsDuplicate: z.number().int(),
  skipped: z.number().int(),
  /** Articles that came without entities and got entities found in their text. */
  articlesWithFoundEntities: z.number().int(),
  /** The first problems found, each with its line. */
  problems: z.array(rowProblemSchema),
  /** Lines imported with a doubt (not valid UTF-8: read with U+FFFD), the first few; with strict they are problems. */
  warnings: z.array(rowProblemSchema),
  warningCount: z.number().int(),
  /** Strict mode only: true when the file was refused and nothing was written. */
  refused: z.boolean(),
  /** Whether the file was read and parsed on a worker thread (the built app and CLI). */
  parsedOnWorker: z.boolean(),
})
export type ImportReport = z.infer<typeof importReportSchema>

/** What building the demo world reports when it ends. */
export const demoSummarySchema = z.object({
  scale: z.enum(demoScales),
  seed: z.number().int(),
  from: z.string(),
  to: z.string(),
  countries: z.number().int(),
  publishers: z.number().int(),
  storylines: z.number().int(),
  articles: z.number().int(),
  observations: z.number().int(),
  shakeups: z.number().int(),
})
export type DemoSummary = z.infer<typeof demoSummarySchema>

/** What a sync brought (the CLI's --json prints the same). */
export const syncResultSchema = z.object({
  /** articles received */
  articles: z.number().int(),
  /** observations new to this store */
  observations: z.number().int(),
  /** feed elements read */
  elements: z.number().int(),
  /** why the run stopped early, if it did */
  error: z.string().optional(),
})

const jobFields = {
  id: z.uuid(),
  status: z.enum(['running', 'done', 'failed']),
  /** 0 to 1 */
  progress: z.number(),
  message: z.string(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
}

/** A background job; its result (once done) is typed by its kind. */
/** What a pull of a property from the Search Console API reports (the CLI's `gsc pull --json` too). */
export const gscPullReportSchema = z.object({
  property: z.string(),
  search_type: z.enum(['discover', 'googleNews']),
  day_from: z.string(),
  day_to: z.string(),
  days: z.number().int(),
  /** days Search Console had rows of, and how many rows */
  days_with_rows: z.number().int(),
  rows: z.number().int(),
  /** days whose rows were new or revised */
  days_imported: z.number().int(),
  requests: z.number().int(),
})

export const jobSchema = z.discriminatedUnion('kind', [
  z.object({ ...jobFields, kind: z.literal('demo'), result: demoSummarySchema.nullable() }),
  z.object({ ...jobFields, kind: z.literal('import'), result: importReportSchema.nullable() }),
  z.object({ ...jobFields, kind: z.literal('sync'), result: syncResultSchema.nullable() }),
  z.object({ ...jobFields, kind: z.literal('gsc-pull'), result: gscPullReportSchema.nullable() }),
])
export type JobKind = (typeof jobKinds)[number]
/** The result a job of a kind ends with. */
export type JobResult<K extends JobKind> = NonNullable<Extract<z.infer<typeof jobSchema>, { kind: K }>['result']>
export const jobResponse = z.object({ job: jobSchema })
export const jobIdPath = z.object({ job_id: uuidParam })

export const demoBody = z.object({
  scale: z.enum(demoScales).optional().default('small'),
  seed: z.number().int().min(0).optional().default(42),
})

/** A file's own name, without folders: what the import reports and the temporary copy are called. */
const fileName = z
  .string()
  .trim()
  .min(1, 'A file name is needed')
  .max(255, 'A file name has at most 255 characters')
  .refine((name) => name !== '.' && name !== '..' && ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), {
    message: 'A file name without folders or control characters, e.g. feed.ndjson',
  })

export const importBody = z.object({
  file_name: fileName,
  format: z.enum(importFormats).optional(),
  strict: z.boolean().optional().default(false),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
    .transform((c) => c.toUpperCase())
    .optional(),
  /** The file's text. */
  content: z.string().min(1, 'The file is empty'),
})

export const moversQuery = z.object({
  country: countryOrAllParam,
  granularity: z.enum(signalGranularities).optional().transform((g) => g ?? 'day'),
  /** A day (YYYY-MM-DD) or, with 3h, the slot's start (YYYY-MM-DDTHH:00:00Z). */
  bucket: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}(:00:00(\.000)?Z)?)?$/, 'A day (YYYY-MM-DD) or a slot start (YYYY-MM-DDTHH:00:00Z)'),
  category: z.enum(formatGroups).optional(),
})

export const moversResponse = z.object({
  country: z.string(),
  granularity: z.enum(signalGranularities),
  bucket: z.string(),
  category: z.string().nullable(),
  snapshots: z.number().int(),
  articles: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      domain: z.string(),
      country: z.string(),
      before: z.number().int().nullable(),
      after: z.number().int().nullable(),
      share: z.number(),
    }),
  ),
  publishers: z.array(z.object({ domain: z.string(), name: z.string(), share: z.number(), articles: z.number().int() })),
  /** the point's story: how much of the feed turned over against a usual day, where, and who took and lost the slots */
  story: z.object({
    sentence: z.string(),
    /** the share of the feed's slots that turned over from one snapshot to the next in the point, on average (0 to 1) */
    turnover: z.number(),
    /** its median on the 14 days before, at the same hours (null: none stored) */
    usual_turnover: z.number().nullable(),
    slots: z.number().int(),
    /** one market moved, some, most (market-wide), or none more than usual */
    scope: z.enum(['one', 'some', 'market-wide', 'none']),
    moved: z.array(z.string()),
    formats: z.object({ gained: z.object({ key: z.string(), label: z.string(), slots: z.number().int() }).nullable(), lost: z.object({ key: z.string(), label: z.string(), slots: z.number().int() }).nullable() }),
    trends: z.object({ gained: z.object({ key: z.string(), label: z.string(), slots: z.number().int() }).nullable(), lost: z.object({ key: z.string(), label: z.string(), slots: z.number().int() }).nullable() }),
    publishers: z.object({ gained: z.object({ key: z.string(), label: z.string(), slots: z.number().int() }).nullable(), lost: z.object({ key: z.string(), label: z.string(), slots: z.number().int() }).nullable() }),
    /** Google's announced updates the point falls within (their names) */
    updates: z.array(z.string()),
  }),
})

// ---- Settings > Sources: upstreams the app syncs from ----

export const sourceSchema = z.object({
  url: z.string(),
  countries: z.array(z.string()).nullable(),
  /** where the key is kept (never shown again): the OS keychain, or the data folder where there is none */
  key_storage: z.enum(['os-keychain', 'data-folder']).nullable(),
  schedule_minutes: z.number().int().nullable(),
  last_synced_at: z.string().nullable(),
  last_result: syncResultSchema.nullable(),
  /** a sync of it running now */
  job_id: z.uuid().nullable(),
})
export const sourcesResponse = z.object({ sources: z.array(sourceSchema) })

export const sourceBody = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'The upstream\'s address is needed')
    .max(2000)
    .refine((u) => /^https?:\/\/[^\s/]+/i.test(u), { message: 'An http or https address, e.g. http://192.168.1.20:4711' }),
  /** required for a new source; left out, an existing source keeps its key */
  key: z.string().trim().min(1).max(200).optional(),
  countries: z
    .array(z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code').transform((c) => c.toUpperCase()))
    .max(300)
    .optional(),
  /** sync every so many minutes while the app runs (15 minutes to a week); null or absent: only when asked */
  schedule_minutes: z.number().int().min(15).max(10_080).nullable().optional(),
})
export const sourceUrlBody = z.object({ url: z.string().trim().min(1).max(2000) })
export const sourceResponse = z.object({ source: sourceSchema })
export const removedSourceResponse = z.object({ removed: z.literal(true) })

/** Articles to remove from the store, with everything derived from them. */
export const removeArticlesBody = z.object({ ids: z.array(z.uuid()).min(1).max(500) })
export const removeArticlesResponse = z.object({ removed: z.array(z.string()) })
