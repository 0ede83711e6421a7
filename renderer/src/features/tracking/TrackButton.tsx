import { useState } from 'react'
import type { ListKind } from '../../../../shared/contract/values'
import { call } from '../../api/client'
import { useApi } from '../../api/use-api'
import { useAppStore } from '../../stores/app-store'

const KIND_WORDS: Record<ListKind, string> = { entity: 'entity', category: 'category', publisher: 'publisher', trend: 'trend', mention: 'keyword' }

/**
 * "Track": adds what is shown (an entity, category, publisher, trend or keyword) to a tracking
 * list of its kind, chosen from a menu. The list's limits (the plan's items per list) are the
 * API's to say: its refusal is shown as it is worded.
 */
export function TrackButton({ kind, itemKey, name, label = 'Track' }: { kind: ListKind; itemKey: string; name: string; label?: string }) {
  const navigate = useAppStore((s) => s.navigate)
  const [open, setOpen] = useState(false)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const lists = useApi('listTrackingLists', open ? { query: { kind, limit: 200 } } : null)
  const add = async (list: { id: string; name: string }) => {
    setOpen(false)
    try {
      await call('appAddListItems', { params: { list_id: list.id }, body: { items: [{ value: itemKey }] } })
      setOutcome({ ok: true, text: `Added to “${list.name}”.` })
    } catch (e) {
      setOutcome({ ok: false, text: `Not added to “${list.name}”: ${(e as Error).message}` })
    }
  }
  return (
    // a Track control inside a row that opens on a click (Signals' top categories) is its own: the click opens its menu, not the row
    <span className="track" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} title={`Add ${name} to a ${KIND_WORDS[kind]} list`}>
        {label}
      </button>
      {open && (
        <div className="menu" role="menu" aria-label={`Lists of ${KIND_WORDS[kind]} items`}>
          {lists.loading && <div className="muted small">Loading the lists…</div>}
          {lists.error && <div className="error-text">{lists.error}</div>}
          {lists.data?.lists.map((l) => (
            <button key={l.id} type="button" role="menuitem" onClick={() => void add(l)}>
              {l.name} <span className="muted small">({l.item_count})</span>
            </button>
          ))}
          {lists.data && lists.data.lists.length === 0 && <div className="muted small">No {KIND_WORDS[kind]} list yet.</div>}
          <button type="button" role="menuitem" className="link" onClick={() => navigate(`/tracking?new=${kind}`)}>
            New {KIND_WORDS[kind]} list…
          </button>
        </div>
      )}
      {outcome && (
        <span className={outcome.ok ? 'muted small' : 'error-text'} role="status">
          {outcome.text}
        </span>
      )}
    </span>
  )
}
