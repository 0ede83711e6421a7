import { useState } from 'react'
import { LIST_COLORS } from '../../../../shared/contract/values'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { listKinds, matchTypes, searchScopes, type ListKind } from '../../../../shared/contract/values'
import { call } from '../../api/client'
import { useApi } from '../../api/use-api'
import { ErrorBanner, formatTime } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { ChoiceSelect } from '../../components/Pickers'

type Detail = RouteResponse<'getTrackingList'>

const KIND_HELP: Record<ListKind, { placeholder: string; help: string }> = {
  entity: { placeholder: 'a name, or an id like /m/0abc12', help: 'People, organisations and places. A name not seen yet is kept and resolved when it appears.' },
  category: { placeholder: '/Business/Economy', help: 'Category paths, slash-separated; case matters.' },
  publisher: { placeholder: 'example.com', help: 'Domains; a pasted URL is reduced to its domain.' },
  trend: { placeholder: 'search the trends by name', help: 'Storylines from the Trends page.' },
  mention: { placeholder: 'a word or phrase', help: 'Broad: every word, any order, any form. Phrase: the words in order, any form. Exact: the words as written.' },
}

type Item = Detail['items'][number]

function itemColumns(kind: ListKind, remove: (key: string) => void): Array<Column<Item>> {
  return [
    { id: 'name', header: kind === 'mention' ? 'Keyword' : 'Item', csvHeader: 'name', cell: (i) => i.name },
    {
      id: 'type',
      header: kind === 'mention' ? 'Match' : kind === 'entity' ? 'Type' : 'Key',
      value: (i) => (kind === 'mention' || kind === 'entity' ? i.type : i.key),
      cell: (i) => (kind === 'entity' ? (i.type ?? <span className="badge">not seen yet</span>) : kind === 'mention' ? i.type : <span className="mono">{i.key}</span>),
    },
    { id: 'key', header: 'Key', value: (i) => i.key, visible: kind === 'entity' || kind === 'mention' },
    { id: 'matches_count', header: 'Matches', numeric: true, visible: kind === 'mention', cell: (i) => i.matches_count },
    { id: 'added_at', nowrap: true, header: 'Added', value: (i) => i.added_at, cell: (i) => formatTime(i.added_at) },
    {
      id: 'remove',
      header: '',
      value: null,
      cell: (i) => (
        <button type="button" className="link" aria-label={`Remove ${i.name}`} onClick={() => remove(i.key)}>
          Remove
        </button>
      ),
    },
  ]
}

const SCOPE_LABELS: Record<string, string> = { title: 'titles', body: 'article bodies', both: 'titles and bodies', all: 'titles, summaries and bodies' }

/** A new list: kind, name and colour (and a mention list's search settings). */
export function NewListForm({ onCreated, onCancel, initialKind = 'entity' }: { onCreated(id: string): void; onCancel(): void; initialKind?: ListKind }) {
  const [kind, setKind] = useState<ListKind>(initialKind)
  const [name, setName] = useState('')
  const [color, setColor] = useState(0)
  const [error, setError] = useState<string | null>(null)
  return (
    <form
      className="editor"
      aria-label="New list"
      onSubmit={async (e) => {
        e.preventDefault()
        try {
          const list = await call('appCreateList', { body: { kind, name, color_index: color } })
          onCreated(list.id)
        } catch (err) {
          setError((err as Error).message)
        }
      }}
    >
      <h2>New list</h2>
      <ErrorBanner message={error} />
      <div className="filters">
        <ChoiceSelect label="Kind" value={kind} onChange={(k) => setKind(k as ListKind)} choices={listKinds} />
        <label className="grow">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} placeholder="e.g. Competitors" />
        </label>
        <ColorPicker value={color} onChange={setColor} />
      </div>
      <p className="muted small">{KIND_HELP[kind].help}</p>
      <div className="filters">
        <button className="primary" type="submit" disabled={!name.trim()}>
          Create list
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function ColorPicker({ value, onChange }: { value: number; onChange(c: number): void }) {
  return (
    <div className="color-picker" role="radiogroup" aria-label="Colour">
      {Array.from({ length: LIST_COLORS }, (_, i) => (
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={value === i}
          aria-label={`colour ${i + 1}`}
          className={`swatch big c${i} ${value === i ? 'on' : ''}`}
          onClick={() => onChange(i)}
        />
      ))}
    </div>
  )
}

/** Edits of a list: each runs, then the list is read again (onChanged); a refusal is said above the editor. */
function useListEdits(listId: string, onChanged: () => void) {
  const [error, setError] = useState<string | null>(null)
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work()
      setError(null)
      onChanged()
    } catch (err) {
      setError((err as Error).message)
    }
  }
  const update = (body: Record<string, unknown>) => run(() => call('appUpdateList', { params: { list_id: listId }, body }))
  return { error, setError, run, update }
}

/** Editing one list: name, colour, a mention list's settings, its items, and deletion. */
export function ListEditor({ list, onChanged, onDeleted, justCreated = false }: { list: Detail; onChanged(): void; onDeleted(): void; justCreated?: boolean }) {
  // focus goes where the next step is: the new list's first item, and back to adding after a removal
  const focusAdd = () => document.querySelector<HTMLInputElement>(`input[list="suggest-${list.id}"]`)?.focus()
  const edits = useListEdits(list.id, onChanged)
  const [name, setName] = useState(list.name)
  const kind = list.kind as ListKind
  return (
    <div className="editor">
      <ErrorBanner message={edits.error} />
      <form
        className="filters"
        aria-label="List settings"
        onSubmit={(e) => {
          e.preventDefault()
          void edits.update({ name })
        }}
      >
        <label className="grow">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <button type="submit" disabled={!name.trim() || name === list.name}>
          Rename
        </button>
        <ColorPicker value={list.color_index} onChange={(c) => void edits.update({ color_index: c })} />
      </form>
      {kind === 'mention' && <MentionSettings list={list} update={edits.update} />}
      <AddItem list={list} kind={kind} run={edits.run} justCreated={justCreated} />
      <DataTable
        label="Items"
        columns={itemColumns(kind, (key) => void edits.run(() => call('appRemoveListItems', { params: { list_id: list.id }, body: { keys: [key] } })).then(focusAdd))}
        rows={list.items}
        rowKey={(i) => i.key}
        exportAs={{ fileName: exportFileName(list.name, 'items') }}
      />
      <div className="danger-zone">
        <button
          type="button"
          className="danger"
          onClick={() => {
            if (window.confirm(`Delete the list "${list.name}" and its ${list.item_count} items?`)) {
              void call('appDeleteList', { params: { list_id: list.id } }).then(onDeleted, (err: Error) => edits.setError(err.message))
            }
          }}
        >
          Delete list
        </button>
      </div>
    </div>
  )
}

/** A mention list's search settings: the markets and languages scanned, where to look, whether it is active; and its scan's status. */
function MentionSettings({ list, update }: { list: Detail; update(body: Record<string, unknown>): Promise<void> }) {
  const [countries, setCountries] = useState((list.countries ?? []).join(', '))
  const [langs, setLangs] = useState((list.langs ?? []).join(', '))
  const codes = (s: string) => s.split(/[\s,]+/).filter(Boolean)
  return (
    <form
      className="filters"
      aria-label="Search settings"
      onSubmit={(e) => {
        e.preventDefault()
        void update({ countries: codes(countries), langs: codes(langs) })
      }}
    >
      <label>
        Countries
        <input value={countries} onChange={(e) => setCountries(e.target.value)} placeholder="all markets" size={14} />
      </label>
      <label>
        Languages
        <input value={langs} onChange={(e) => setLangs(e.target.value)} placeholder="all languages" size={10} />
      </label>
      <button type="submit">Save</button>
      <ChoiceSelect label="Look in" value={list.search_scope ?? ''} onChange={(scope) => void update({ search_scope: scope })} choices={searchScopes.map((s) => ({ value: s, label: SCOPE_LABELS[s]! }))} />
      <label className="checkbox">
        <input type="checkbox" checked={list.active ?? true} onChange={(e) => void update({ active: e.target.checked })} />
        Active (scanned, counted in usage)
      </label>
      <span className="muted small" aria-label="Scan status">
        Scan: {list.scan_status}
        {list.last_scanned_at ? `, last ${formatTime(list.last_scanned_at)}` : ''}
        {list.next_scan_at ? `, next ${formatTime(list.next_scan_at)}` : ''}
        {list.scan_error ? ` — ${list.scan_error.message}` : ''}
      </span>
    </form>
  )
}

/** Adding an item: typed (with suggestions as its kind has them) or chosen from the suggestions; a keyword with its match type. */
function AddItem({ list, kind, run, justCreated }: { list: Detail; kind: ListKind; run(work: () => Promise<unknown>): Promise<void>; justCreated: boolean }) {
  const [value, setValue] = useState('')
  const [matchType, setMatchType] = useState<(typeof matchTypes)[number]>('broad')
  // entities come from the contract's entity search (with their figures); the other kinds from the app's suggestions
  const entities = useApi('listEntities', kind === 'entity' ? { query: { q: value.trim() || undefined, sort_by: 'publications', limit: 10 } } : null)
  const others = useApi('appListSuggestions', kind === 'mention' || kind === 'entity' ? null : { query: { kind, q: value.trim() || undefined, limit: 10 } })
  const suggestions = kind === 'entity' ? (entities.data?.entities ?? []).map((e) => ({ value: e.id, label: e.name, count: e.publications })) : (others.data?.suggestions ?? [])
  const add = (v: string) =>
    run(async () => {
      await call('appAddListItems', { params: { list_id: list.id }, body: { items: [{ value: v, ...(kind === 'mention' ? { match_type: matchType } : {}) }] } })
      setValue('')
    })
  return (
    <>
      <form
        className="filters"
        aria-label="Add an item"
        onSubmit={(e) => {
          e.preventDefault()
          if (value.trim()) void add(value.trim())
        }}
      >
        <label className="grow">
          Add {kind === 'mention' ? 'a keyword' : `a${kind === 'entity' ? 'n' : ''} ${kind}`}
          <input autoFocus={justCreated} value={value} onChange={(e) => setValue(e.target.value)} placeholder={KIND_HELP[kind].placeholder} list={`suggest-${list.id}`} />
          <datalist id={`suggest-${list.id}`}>
            {suggestions.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </datalist>
        </label>
        {kind === 'mention' && <ChoiceSelect label="Match" value={matchType} onChange={(t) => setMatchType(t as typeof matchType)} choices={matchTypes} />}
        <button className="primary" type="submit" disabled={!value.trim()}>
          Add
        </button>
      </form>
      <p className="muted small">{KIND_HELP[kind].help}</p>
      {kind !== 'mention' && suggestions.length > 0 && (
        <div className="chips" aria-label="Suggestions">
          {suggestions
            .filter((s) => !list.items.some((i) => i.key === s.value))
            .slice(0, 8)
            .map((s) => (
              <button key={s.value} type="button" className="chip topic" onClick={() => void add(s.value)} title={`${s.count} publications`}>
                + {s.label}
              </button>
            ))}
        </div>
      )}
    </>
  )
}
