import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { toCsv } from '../../../../shared/text/csv'
import { call } from '../../api/client'
import { useAction } from '../../api/use-action'
import { bridge } from '../../api/transport'
import type { ApiState } from '../../api/use-api'
import { ErrorBanner } from '../../components/common'
import { download } from '../../components/download'

type Annotation = RouteResponse<'appAnnotations'>['annotations'][number]

const days = (a: Annotation) => (a.day_to === a.day_from ? a.day_from : `${a.day_from} to ${a.day_to ?? 'ongoing'}`)

/** The columns notes are exported with, and imported from. */
const NOTE_COLUMNS = [
  { header: 'day_from', value: (a: Annotation) => a.day_from },
  { header: 'day_to', value: (a: Annotation) => a.day_to ?? '' },
  { header: 'country', value: (a: Annotation) => a.country },
  { header: 'text', value: (a: Annotation) => a.title },
]

/**
 * The period's annotations under the chart: Google's announced updates (with their source) and
 * the analyst's notes, which are written, deleted, exported and imported here (CSV).
 */
export function AnnotationsList({ annotations, country }: { annotations: ApiState<RouteResponse<'appAnnotations'>>; country: string }) {
  const [dayFrom, setDayFrom] = useState('')
  const [dayTo, setDayTo] = useState('')
  const [text, setText] = useState('')
  const [everywhere, setEverywhere] = useState(country === 'all')
  const { error, act } = useAction({ then: annotations.reload })
  const list = annotations.data?.annotations ?? []
  const add = (e: React.FormEvent) => {
    e.preventDefault()
    void act(async () => {
      await call('appCreateNote', { body: { day_from: dayFrom, ...(dayTo ? { day_to: dayTo } : {}), ...(everywhere || country === 'all' ? {} : { country }), text } })
      setText('')
    })
  }
  return (
    <section aria-label="Annotations" className="annotations">
      <h3>Annotations</h3>
      <ErrorBanner message={error ?? annotations.error} />
      {list.length === 0 && <p className="muted small">No announced update, no note and no new data in this period.</p>}
      <ul className="plain">
        {list.map((a) => (
          <li key={`${a.kind}:${a.id}`}>
            <span className={`badge annotation-${a.kind}`}>{a.kind === 'update' ? a.detail || 'update' : a.kind === 'event' ? `new data: ${a.detail}` : `note${a.country ? ` · ${a.country}` : ''}`}</span> <span className="muted small">{days(a)}</span> {a.title}{' '}
            {a.source_url && (
              <button type="button" className="link small" onClick={() => void bridge.openExternal(a.source_url!)}>
                source
              </button>
            )}
            {a.kind === 'note' && (
              <button type="button" className="link small" aria-label={`Delete the note ${a.title}`} onClick={() => void act(() => call('appRemoveNote', { params: { note_id: a.id } }))}>
                delete
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="inline-form" aria-label="Add a note" onSubmit={add}>
        <label>
          From
          <input type="date" value={dayFrom} onChange={(e) => setDayFrom(e.target.value)} required aria-label="Note from" />
        </label>
        <label>
          To
          <input type="date" value={dayTo} onChange={(e) => setDayTo(e.target.value)} aria-label="Note to" />
        </label>
        <label className="grow">
          Note
          <input value={text} onChange={(e) => setText(e.target.value)} maxLength={500} required placeholder="what happened (500 characters at most)" />
        </label>
        {country !== 'all' && (
          <label className="checkbox">
            <input type="checkbox" checked={everywhere} onChange={(e) => setEverywhere(e.target.checked)} /> every country
          </label>
        )}
        <button type="submit">Add note</button>
      </form>
      <p className="inline-form small">
        <button type="button" className="link" onClick={() => download('feedlens-notes.csv', toCsv(NOTE_COLUMNS, list.filter((a) => a.kind === 'note')))}>
          Export these notes (CSV)
        </button>
        <label className="link">
          Import notes (CSV)
          <input type="file" accept=".csv" hidden onChange={(e) => e.target.files?.[0] && void act(async () => call('appImportNotes', { body: { csv: await e.target.files![0]!.text() } }))} />
        </label>
        <label className="link" title={annotations.data ? `The updates of ${annotations.data.updates_version}: ${annotations.data.updates_source}` : undefined}>
          Import a newer updates file
          <input type="file" accept=".json" hidden onChange={(e) => e.target.files?.[0] && void act(async () => call('appImportUpdates', { body: { file: await e.target.files![0]!.text() } }))} />
        </label>
      </p>
    </section>
  )
}
