import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { matchScopes, matchTypes } from '../../../../shared/contract/values'
import { bridge } from '../../api/transport'
import { useApi } from '../../api/use-api'
import { CabinetLink } from '../../components/CabinetLink'
import { EmptyState, ErrorBanner, formatTime } from '../../components/common'
import { Highlighted } from './Highlighted'

type Detail = RouteResponse<'getTrackingList'>

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

interface Filters {
  mention: string
  match_types: string[]
  scope: string
  q: string
  date_from: string
  date_to: string
}

/** Publications where the list's keywords were found, with the matched words marked. */
export function MatchesPanel({ list }: { list: Detail }) {
  const [draft, setDraft] = useState<Filters>({ mention: '', match_types: [], scope: 'all', q: '', date_from: '', date_to: '' })
  const [filters, setFilters] = useState(draft)
  const matches = useApi('getTrackingMatches', {
    params: { list_id: list.id },
    query: {
      mention: filters.mention ? [filters.mention] : undefined,
      match_types: filters.match_types.length > 0 ? filters.match_types.join(',') : undefined,
      scope: filters.scope,
      q: filters.q,
      date_from: filters.date_from,
      date_to: filters.date_to,
      limit: 200,
    },
  })
  const data = matches.data
  const keywords = [...new Set(list.items.map((i) => i.name))]
  return (
    <div>
      <form
        className="filters"
        aria-label="Match filters"
        onSubmit={(e) => {
          e.preventDefault()
          setFilters(draft)
        }}
      >
        <label>
          Keyword
          <select value={draft.mention} onChange={(e) => setDraft({ ...draft, mention: e.target.value })}>
            <option value="">all keywords</option>
            {keywords.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <fieldset className="checks">
          <legend>Match types</legend>
          {matchTypes.map((t) => (
            <label key={t} className="checkbox">
              <input
                type="checkbox"
                checked={draft.match_types.includes(t)}
                onChange={(e) => setDraft({ ...draft, match_types: e.target.checked ? [...draft.match_types, t] : draft.match_types.filter((x) => x !== t) })}
              />
              {t}
            </label>
          ))}
        </fieldset>
        <label>
          Found in
          <select value={draft.scope} onChange={(e) => setDraft({ ...draft, scope: e.target.value })}>
            {matchScopes.map((s) => (
              <option key={s} value={s}>
                {s === 'both' ? 'title or body' : s === 'all' ? 'title, summary or body' : s}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={draft.date_from} onChange={(e) => setDraft({ ...draft, date_from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={draft.date_to} onChange={(e) => setDraft({ ...draft, date_to: e.target.value })} />
        </label>
        <label className="grow">
          Title contains
          <input value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} placeholder="words of the title" />
        </label>
        <button className="primary" type="submit">
          Show
        </button>
      </form>
      <ErrorBanner message={matches.error} onRetry={matches.reload} />
      {data && (
        <p className="muted small" aria-live="polite">
          {plural(data.summary.publications, 'publication')}, {plural(data.summary.matches, 'match', 'matches')}
          {Object.keys(data.summary.mentions).length > 0 &&
            ` · ${Object.entries(data.summary.mentions)
              .map(([k, n]) => `${k}: ${n}`)
              .join(' · ')}`}
        </p>
      )}
      {data && data.publications.length === 0 ? (
        <EmptyState title="No matches">
          {list.scan_status === 'ready' ? 'Nothing found with these filters.' : `The list is being scanned (${list.scan_status}); matches appear as it goes.`}
        </EmptyState>
      ) : (
        <ol className="matches" aria-label="Matches">
          {(data?.publications ?? []).map((p) => {
            const hit = data!.hits[p.id]
            const texts = (hit?.mentions ?? []).map((m) => m.matched_text)
            return (
              <li key={p.id} className="match">
                <div className="match-head">
                  <CabinetLink url={p.cabinet_url}>
                    <Highlighted text={p.title} matches={texts} />
                  </CabinetLink>
                  <span className="muted small">
                    {p.publisher} · {p.country} · {p.lang} · first seen {formatTime(p.first_seen_at)}
                  </span>
                </div>
                <p className="snippet">
                  <Highlighted text={p.snippet} matches={texts} />
                </p>
                <div className="chips">
                  {(hit?.mentions ?? []).map((m, i) => (
                    <span key={i} className="chip" title={`${m.match_type} match in the ${m.field}`}>
                      {m.raw_text} · {m.field}: “{m.matched_text}”
                    </span>
                  ))}
                  <button type="button" className="link small" onClick={() => void bridge.openExternal(p.url)}>
                    Open the original ↗
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
