import type { RouteResponse } from '../../../../shared/contract/routes'
import { matchScopes, matchTypes } from '../../../../shared/contract/values'
import { ChoiceSelect } from '../../components/Pickers'
import { bridge } from '../../api/transport'
import { useApi } from '../../api/use-api'
import { CabinetLink } from '../../components/CabinetLink'
import { allPages } from '../../api/client'
import { EmptyState, ErrorBanner, formatNumber, formatTime, Pager } from '../../components/common'
import { ExportCsvButton, exportFileName, type Column } from '../../components/DataTable'
import { pageOffset, useDraft, useQueryState } from '../../stores/url-state'
import { periodBounds } from '../../components/period'
import { Highlighted } from './Highlighted'
import { WindowPicker, windowWords, type TrackingWindow } from './WindowPicker'

type Detail = RouteResponse<'getTrackingList'>
type Publication = RouteResponse<'appListMatches'>['publications'][number] & { keywords: string }

const PAGE = 50

/** What the CSV of the matches holds: each publication with the keywords found in it. */
const matchColumns: Array<Column<Publication>> = [
  { id: 'title', header: 'Title', value: (p) => p.title },
  { id: 'publisher', header: 'Publisher', value: (p) => p.publisher },
  { id: 'country', header: 'Country', value: (p) => p.country },
  { id: 'lang', header: 'Language', value: (p) => p.lang },
  { id: 'first_seen_at', header: 'First seen', value: (p) => p.first_seen_at },
  { id: 'keywords', header: 'Keywords', value: (p) => p.keywords },
  { id: 'url', header: 'URL', value: (p) => p.url },
  { id: 'id', header: 'Id', value: (p) => p.id },
]

/** The filters as the URL holds them (the keyword, match types comma-separated, where, title words); the period, market and language are the list's window. */
const initial = { mention: '', match_types: '', scope: 'all', q: '', page: '1' }
type MatchFilters = typeof initial

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`

/**
 * Publications where the list's keywords were found, with the matched words marked: those first
 * seen in the window's period, in its market and language (the window the metrics and roll-up show).
 */
export function MatchesPanel({ list, window, onWindow }: { list: Detail; window: TrackingWindow; onWindow(w: TrackingWindow): void }) {
  const [filters, setFilters] = useQueryState(initial)
  const offset = pageOffset(filters.page, PAGE)
  const bounds = periodBounds(window)
  const query = bounds && {
    mention: filters.mention ? [filters.mention] : undefined,
    match_types: filters.match_types || undefined,
    scope: filters.scope,
    q: filters.q || undefined,
    country: window.country,
    lang: window.lang,
    ...bounds,
  }
  const matches = useApi('appListMatches', query && { params: { list_id: list.id }, query: { ...query, limit: PAGE, offset } })
  const data = matches.data
  return (
    <div>
      <div className="toolbar">
        <WindowPicker
          value={window}
          onChange={(w) => {
            onWindow(w)
            setFilters({ page: '1' })
          }}
        />
      </div>
      <MatchFiltersForm filters={filters} keywords={[...new Set(list.items.map((i) => i.name))]} onApply={(draft) => setFilters({ ...draft, page: '1' })} />
      <ErrorBanner message={matches.error} onRetry={matches.reload} />
      {data && (
        <div className="toolbar">
          <p className="muted small" aria-live="polite">
            {plural(data.total.publications, 'publication')} with {plural(data.total.matches, 'match', 'matches')} first seen in the window
            {Object.keys(data.summary.mentions).length > 0 &&
              ` · on this page ${Object.entries(data.summary.mentions)
                .map(([k, n]) => `${k}: ${n}`)
                .join(' · ')}`}
          </p>
          <div className="table-tools">
          <ExportCsvButton
            label="Matches"
            columns={matchColumns}
            rows={[]}
            options={{
              fileName: exportFileName(list.name, 'matches', ...windowWords(window), filters.mention, filters.match_types, filters.scope !== 'all' && filters.scope, filters.q),
              allRows: () => allPages('appListMatches', { params: { list_id: list.id }, query: query ?? {} }, (a) => a.publications.map((p) => ({ ...p, keywords: [...new Set((a.hits[p.id]?.mentions ?? []).map((m) => m.raw_text))].join(' ') })), 1000),
            }}
          />
          </div>
        </div>
      )}
      {data && data.publications.length === 0 ? (
        <EmptyState title="No matches">
          {list.scan_status === 'ready' ? 'Nothing found with these filters.' : `The list is being scanned (${list.scan_status}); matches appear as it goes.`}
        </EmptyState>
      ) : (
        <ol className="matches" aria-label="Matches">
          {(data?.publications ?? []).map((p) => (
            <MatchItem key={p.id} publication={p} hit={data!.hits[p.id]} />
          ))}
        </ol>
      )}
      {data && <Pager total={data.total.publications} limit={PAGE} offset={offset} onChange={(next) => setFilters({ page: String(next / PAGE + 1) })} />}
    </div>
  )
}

/** The matches' filters: a keyword, the match types, where the words were found, words of the title; applied on Show. */
function MatchFiltersForm({ filters, keywords, onApply }: { filters: MatchFilters; keywords: string[]; onApply(draft: MatchFilters): void }) {
  const [draft, setDraft] = useDraft(filters)
  const draftTypes = draft.match_types ? draft.match_types.split(',') : []
  return (
    <form
      className="filters"
      aria-label="Match filters"
      onSubmit={(e) => {
        e.preventDefault()
        onApply(draft)
      }}
    >
      <ChoiceSelect label="Keyword" value={draft.mention} onChange={(mention) => setDraft({ ...draft, mention })} choices={keywords.map((k) => ({ value: k, label: k }))} anyLabel="all keywords" />
      <fieldset className="checks">
        <legend>Match types</legend>
        {matchTypes.map((t) => (
          <label key={t} className="checkbox">
            <input
              type="checkbox"
              checked={draftTypes.includes(t)}
              onChange={(e) => setDraft({ ...draft, match_types: (e.target.checked ? [...draftTypes, t] : draftTypes.filter((x) => x !== t)).join(',') })}
            />
            {t}
          </label>
        ))}
      </fieldset>
      <ChoiceSelect
        label="Found in"
        value={draft.scope}
        onChange={(scope) => setDraft({ ...draft, scope })}
        choices={matchScopes.map((s) => ({ value: s, label: s === 'both' ? 'title or body' : s === 'all' ? 'title, summary or body' : s }))}
      />
      <label className="grow">
        Title contains
        <input value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} placeholder="words of the title" />
      </label>
      <button className="primary" type="submit">
        Show
      </button>
    </form>
  )
}

/** One publication: its title and snippet with the matched words marked, the keywords found, a link to the original. */
function MatchItem({ publication: p, hit }: { publication: RouteResponse<'appListMatches'>['publications'][number]; hit: RouteResponse<'appListMatches'>['hits'][string] | undefined }) {
  const texts = (hit?.mentions ?? []).map((m) => m.matched_text)
  return (
    <li className="match">
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
}
