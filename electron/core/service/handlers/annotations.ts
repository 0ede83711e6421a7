import { randomUUID } from 'node:crypto'
import { parse as parseCsv } from 'csv-parse/sync'
import { noteBody, updatesFile } from '../../../../shared/contract/annotations'
import type { NoteRow, SearchUpdateRow, StoreEventRow } from '../../store/repositories/annotations'
import { ApiError, ValidationApiError } from '../../errors'
import { dayKeyOfIndex, dayIndex } from '../../time/buckets'
import type { RequestContext } from '../context'
import type { HandlerMap } from '../handler-types'
import { updatesInForce, updatesTouching } from '../timeline'

type Routes = 'appAnnotations' | 'appCreateNote' | 'appUpdateNote' | 'appRemoveNote' | 'appImportNotes' | 'appImportUpdates'

const noteView = (n: NoteRow) => ({ kind: 'note' as const, id: n.id, title: n.text, day_from: n.dayFrom, day_to: n.dayTo, country: n.country, detail: '', source_url: null })
const eventView = (e: StoreEventRow) => ({ kind: 'event' as const, id: String(e.id), title: e.title, day_from: e.at.slice(0, 10), day_to: e.at.slice(0, 10), country: '', detail: e.kind, source_url: null })
const updateView = (u: SearchUpdateRow) => ({ kind: 'update' as const, id: u.id, title: u.name, day_from: u.dayFrom, day_to: u.dayTo, country: '', detail: u.kind, source_url: u.sourceUrl })

function known(ctx: RequestContext, id: string): NoteRow {
  const note = ctx.store.annotations.note(id)
  if (!note) throw new ApiError(404, 'No note of that id.')
  return note
}

/** The days of a period (the day of `date_from` to the day before `date_to`); the whole timeline without them. */
function days(from: Date | undefined, to: Date | undefined): { from: string; to: string } {
  return { from: from ? dayKeyOfIndex(dayIndex(from)) : '0000-01-01', to: to ? dayKeyOfIndex(dayIndex(new Date(to.getTime() - 1))) : '9999-12-31' }
}

export const annotationHandlers: HandlerMap<Routes> = {
  appAnnotations(ctx, { query }) {
    const span = days(query.date_from, query.date_to)
    const inForce = updatesInForce(ctx)
    return {
      annotations: [
        ...updatesTouching(ctx, span.from, span.to).map(updateView),
        ...ctx.store.annotations.notes(span.from, span.to, query.country ?? '').map(noteView),
        ...ctx.store.annotations.events(span.from, span.to).map(eventView),
      ],
      updates_version: inForce.version,
      updates_source: inForce.source,
    }
  },

  appCreateNote(ctx, { body }) {
    const id = randomUUID()
    ctx.store.annotations.addNote({ id, dayFrom: body.day_from, dayTo: body.day_to ?? body.day_from, country: body.country ?? '', text: body.text, now: ctx.now.toISOString() })
    return { note: noteView(known(ctx, id)) }
  },

  appUpdateNote(ctx, { params, body }) {
    const note = known(ctx, params.note_id)
    const next = { dayFrom: body.day_from ?? note.dayFrom, dayTo: body.day_to ?? (body.day_from && body.day_from > note.dayTo ? body.day_from : note.dayTo), country: body.country ?? note.country, text: body.text ?? note.text }
    if (next.dayTo < next.dayFrom) throw new ValidationApiError([{ loc: ['body', 'day_to'], msg: 'A note ends on or after its first day', type: 'value_error' }])
    ctx.store.annotations.updateNote(params.note_id, next, ctx.now.toISOString())
    return { note: noteView(known(ctx, params.note_id)) }
  },

  appRemoveNote(ctx, { params }) {
    known(ctx, params.note_id)
    ctx.store.annotations.removeNote(params.note_id)
    return { removed: params.note_id }
  },

  /** Notes from CSV (day_from, day_to, country, text): every line checked before one is written; one already there is left as it is. */
  appImportNotes(ctx, { body }) {
    let records: string[][]
    try {
      records = parseCsv(body.csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true }) as string[][]
    } catch (error) {
      throw new ValidationApiError([{ loc: ['body', 'csv'], msg: `Not a CSV file: ${(error as Error).message}`, type: 'value_error' }])
    }
    const [header, ...rows] = records
    const columns = (header ?? []).map((h) => h.trim().toLowerCase())
    const at = (name: string) => columns.indexOf(name)
    if (at('day_from') < 0 || at('text') < 0) {
      throw new ValidationApiError([{ loc: ['body', 'csv'], msg: 'The first line names the columns: day_from, day_to, country, text (as the window exports notes)', type: 'value_error' }])
    }
    const problems: Array<{ loc: Array<string | number>; msg: string; type: 'value_error' }> = []
    const parsed = rows.flatMap((r, i) => {
      const cell = (name: string) => (at(name) >= 0 ? (r[at(name)] ?? '').trim() : '')
      const result = noteBody.safeParse({ day_from: cell('day_from'), day_to: cell('day_to') || undefined, country: cell('country') || undefined, text: cell('text') })
      if (result.success) return [result.data]
      problems.push({ loc: ['body', 'csv', i + 2], msg: `line ${i + 2}: ${result.error.issues.map((e) => e.message).join('; ')}`, type: 'value_error' })
      return []
    })
    if (problems.length > 0) throw new ValidationApiError(problems.slice(0, 50))
    let added = 0
    ctx.store.transaction(() => {
      for (const n of parsed) {
        const note = { dayFrom: n.day_from, dayTo: n.day_to ?? n.day_from, country: n.country ?? '', text: n.text }
        if (ctx.store.annotations.hasNote(note)) continue
        ctx.store.annotations.addNote({ id: randomUUID(), ...note, now: ctx.now.toISOString() })
        added++
      }
    })
    return { added, unchanged: parsed.length - added }
  },

  /** A newer file of Google's updates: taken whole when newer than the one in force, else nothing changes. */
  appImportUpdates(ctx, { body }) {
    let json: unknown
    try {
      json = JSON.parse(body.file)
    } catch {
      throw new ValidationApiError([{ loc: ['body', 'file'], msg: 'Not a JSON file of Google\'s updates', type: 'value_error' }])
    }
    const file = updatesFile.safeParse(json)
    if (!file.success) throw new ValidationApiError(file.error.issues.slice(0, 50).map((e) => ({ loc: ['body', 'file', ...e.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], msg: e.message, type: 'value_error' })))
    const inForce = updatesInForce(ctx)
    if (file.data.version <= inForce.version) return { version: inForce.version, updates: updatesTouching(ctx, '0000-01-01', '9999-12-31').length, taken: false }
    ctx.store.transaction(() => {
      ctx.store.annotations.replaceUpdates(file.data.updates.map((u) => ({ id: u.id, name: u.name, kind: u.kind, dayFrom: u.start, dayTo: u.end, sourceUrl: u.source_url })))
      ctx.store.settings.set('search_updates_version', file.data.version)
      ctx.store.settings.set('search_updates_source', file.data.source)
    })
    return { version: file.data.version, updates: file.data.updates.length, taken: true }
  },
}
