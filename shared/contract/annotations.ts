import { z } from 'zod'
import { countryCodeParam, dateParam } from './params'

/** The timeline's annotations: Google's announced updates, and the analyst's notes; drawn on the time charts. */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD').refine((d) => { const t = Date.parse(`${d}T00:00:00Z`); return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d }, 'Not a day of the calendar')

export const updateKinds = ['core', 'spam', 'discover', 'other'] as const

/** The dated file of Google's updates (shipped in electron/core/timeline; a newer one can be imported). */
export const updatesFile = z
  .object({
    /** the day the file was made: a file is taken only when newer than the one the store has */
    version: day,
    source: z.string().max(1000),
    updates: z
      .array(
        z
          .object({
            id: z.string().regex(/^[\w.-]{1,80}$/, 'An id of letters, digits, dots and dashes'),
            name: z.string().trim().min(1).max(200),
            kind: z.enum(updateKinds),
            start: day,
            end: day.nullable(),
            source_url: z.url({ protocol: /^https?$/ }).max(500),
          })
          .refine((u) => u.end === null || u.end >= u.start, { message: 'An update ends on or after its start', path: ['end'] }),
      )
      .max(5000),
  })
  .refine((f) => new Set(f.updates.map((u) => u.id)).size === f.updates.length, { message: 'Each update once (its id)', path: ['updates'] })

export const annotationsQuery = z.object({
  date_from: dateParam,
  date_to: dateParam,
  /** a country's notes and every country's (none: every note) */
  country: countryCodeParam.optional(),
})

export const annotationSchema = z.object({
  /** Google's announced update, the analyst's note, or the store's own event (an import, a sync, an upstream added) */
  kind: z.enum(['update', 'note', 'event']),
  id: z.string(),
  /** an update's name; a note's text */
  title: z.string(),
  day_from: z.string(),
  /** null: an update not announced as complete */
  day_to: z.string().nullable(),
  /** '' for every country */
  country: z.string(),
  /** an update's kind (core, spam, discover, other), an event's (import, sync, upstream, search-console); '' for a note */
  detail: z.string(),
  source_url: z.string().nullable(),
})

export const annotationsResponse = z.object({
  annotations: z.array(annotationSchema),
  /** the updates file the store has: its day and its source */
  updates_version: z.string(),
  updates_source: z.string(),
})

const noteFields = {
  day_from: day,
  day_to: day.optional(),
  country: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'A two-letter country code, or none for every country')
    .transform((c) => c.toUpperCase())
    .optional(),
  text: z.string().trim().min(1, 'Write the note').max(500, 'A note of at most 500 characters'),
}

export const noteBody = z.object(noteFields).refine((n) => !n.day_to || n.day_to >= n.day_from, { message: 'A note ends on or after its first day', path: ['day_to'] })
export const noteUpdateBody = z.object({ day_from: day.optional(), day_to: day.optional(), country: noteFields.country, text: noteFields.text.optional() })
export const noteIdPath = z.object({ note_id: z.uuid({ error: 'Input should be a valid UUID' }) })
export const noteResponse = z.object({ note: annotationSchema })
export const notesImportBody = z.object({ csv: z.string().min(1, 'The file is empty').max(2_000_000, 'A notes file of at most 2 MB') })
export const notesImportResponse = z.object({ added: z.number().int(), unchanged: z.number().int() })
export const updatesImportBody = z.object({ file: z.string().min(1, 'The file is empty').max(2_000_000, 'An updates file of at most 2 MB') })
export const updatesImportResponse = z.object({ version: z.string(), updates: z.number().int(), taken: z.boolean() })
export const removedNoteResponse = z.object({ removed: z.string() })
