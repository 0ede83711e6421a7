import { useEffect, useMemo, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { ApiClientError, call } from '../../api/client'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, formatNumber, PageHeader } from '../../components/common'
import { changeColumn } from '../../components/Change'
import { comparisonBounds, comparisonOf, EXPLORE_PRESETS, PeriodControl, periodBounds, periodOf, periodWords } from '../../components/PeriodControl'
import { TrackButton } from '../tracking/TrackButton'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { useDocumentTitle, useDraft, useQueryState } from '../../stores/url-state'

type Profile = RouteResponse<'checkProfile'> & { feed?: Performance; impressionsBefore?: number }
type Performance = RouteResponse<'appPublisherFigures'>['publishers'][number]
type Mode = 'one' | 'bulk' | 'search'
const MODES: ReadonlyArray<readonly [Mode, string]> = [
  ['one', 'Check a domain'],
  ['bulk', 'Check up to 100'],
  ['search', 'Search by name'],
]

const MAX_BULK = 100

/** A line of a bulk check the API refused, with its reason. */
interface BadLine {
  line: number
  text: string
  reason: string
}

/** The results' columns; the change column while comparing with another period. */
const profileColumns = (compared: boolean): Array<Column<Profile>> => [
  {
    id: 'title',
    header: 'Publisher',
    value: (r) => r.title,
    cell: (r) => r.title ?? '—',
  },
  // the domain and the directory's ids are in the CSV; the table shows the domain under the name (below)
  { id: 'domain', header: 'Domain', value: (r) => r.domain },
  {
    id: 'exists',
    header: 'Profile',
    value: (r) => (r.ok ? r.exists : r.error),
    cell: (r) => (!r.ok ? <span className="badge danger" title={r.error}>not checked: {r.error ?? 'not a domain'}</span> : r.exists ? <span className="badge ok">exists</span> : <span className="badge">none</span>),
  },
  { id: 'knowledge_graph_id', header: 'Knowledge graph', value: (r) => r.knowledgeGraphId },
  { id: 'followers', header: 'Followers', numeric: true, value: (r) => (r.exists ? Number(r.totalFollowers) : null), cell: (r) => (r.exists ? formatNumber(Number(r.totalFollowers)) : '—') },
  { id: 'recent', header: 'Recent', title: 'recent publications', numeric: true, value: (r) => r.recentPublications.length },
  { id: 'articles', header: 'Articles', title: 'articles seen in the feed in the period', numeric: true, value: (r) => r.feed?.articles, cell: (r) => formatNumber(r.feed?.articles) },
  { id: 'impressions', header: 'Impressions', title: 'their impressions in the period', numeric: true, value: (r) => r.feed?.impressions, cell: (r) => formatNumber(r.feed?.impressions) },
  {
    id: 'share_of_voice',
    header: 'Share',
    title: 'share of voice: its impressions over all of the feed\'s in the period',
    numeric: true,
    value: (r) => r.feed?.share_of_voice,
    cell: (r) => (r.feed ? `${(r.feed.share_of_voice * 100).toFixed(2)} %` : '—'),
  },
  changeColumn<Profile>((r) => r.feed?.impressions, (r) => r.impressionsBefore, compared),
  { id: 'avg_position', header: 'Avg pos', title: 'mean position in the feed in the period', numeric: true, value: (r) => r.feed?.avg_position, cell: (r) => formatNumber(r.feed?.avg_position) },
  { id: 'top_trends', header: 'Top trends', value: (r) => r.feed?.top_trends.map((t) => t.label), cell: (r) => <TopTrends trends={r.feed?.top_trends ?? []} /> },
]

/** A publisher's largest trends in the period, each opening its trend. */
function TopTrends({ trends }: { trends: Performance['top_trends'] }) {
  const navigate = useAppStore((s) => s.navigate)
  if (trends.length === 0) return <span className="muted">—</span>
  return (
    <>
      {trends.map((t) => (
        <div key={t.id}>
          <button type="button" className="link" onClick={() => navigate(`/trends/${t.id}`)}>
            {t.label}
          </button>
        </div>
      ))}
    </>
  )
}

/** The lines of a bulk check: one domain or URL per line (commas and spaces are part of a line, so a bad line is reported as written). */
export const bulkLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((text, i) => ({ line: i + 1, text: text.trim() }))
    .filter((l) => l.text !== '')

/**
 * Checks many lines: the lines the API refuses (its 422 names each one's index) are set aside
 * with the reason and the others checked, so a bad line does not refuse the batch.
 */
async function checkLines(lines: Array<{ line: number; text: string }>): Promise<{ results: Profile[]; bad: BadLine[] }> {
  const bad: BadLine[] = lines.slice(MAX_BULK).map((l) => ({ ...l, reason: `beyond the first ${MAX_BULK} lines; check it in another batch` }))
  const batch = lines.slice(0, MAX_BULK)
  try {
    return { results: (await call('checkProfilesBulk', { body: { domains: batch.map((l) => l.text) } })).results, bad }
  } catch (error) {
    const detail = error instanceof ApiClientError && error.status === 422 ? (error.body as { detail?: Array<{ loc?: unknown[]; msg?: string }> }).detail : null
    const refused = new Map<number, string>()
    for (const d of Array.isArray(detail) ? detail : []) {
      const index = d.loc?.[2]
      if (d.loc?.[1] === 'domains' && typeof index === 'number') refused.set(index, d.msg ?? 'not a domain')
    }
    if (refused.size === 0) throw error
    batch.forEach((l, i) => refused.has(i) && bad.push({ ...l, reason: refused.get(i)! }))
    const rest = batch.filter((_, i) => !refused.has(i))
    const results = rest.length > 0 ? (await call('checkProfilesBulk', { body: { domains: rest.map((l) => l.text) } })).results : []
    return { results, bad }
  }
}

/** Publishers: check one domain, paste up to 100, or search by name; the query is in the URL, and each result leads to its articles. */
export function PublishersPage() {
  const navigate = useAppStore((s) => s.navigate)
  const [view, setView] = useQueryState({ mode: 'one', q: '', period: '30d', date_from: '', date_to: '', compare: '', compare_from: '', compare_to: '' })
  const period = periodOf(view)
  const bounds = periodBounds(period)
  const mode: Mode = view.mode === 'bulk' || view.mode === 'search' ? view.mode : 'one'
  const [input, setInput] = useDraft(view.q)
  const [answer, setAnswer] = useState<{ request: string; results: Profile[]; bad: BadLine[]; error: string | null } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const request = `${mode}\n${view.q}\n${attempt}`
  const loading = view.q.trim() !== '' && answer?.request !== request
  useDocumentTitle(view.q && (mode === 'bulk' ? `${bulkLines(view.q).length} domains` : view.q), 'Publishers')

  useEffect(() => {
    if (!view.q.trim()) return
    let live = true
    const run = async () => {
      if (mode === 'one') return { results: [await call('checkProfile', { query: { domain: view.q.trim() } })], bad: [] }
      if (mode === 'search') return { results: (await call('searchProfiles', { query: { q: view.q.trim() } })).results, bad: [] }
      return checkLines(bulkLines(view.q))
    }
    run()
      .then((got) => live && setAnswer({ request, ...got, error: null }))
      .catch((e: Error) => live && setAnswer({ request, results: [], bad: [], error: e.message }))
    return () => {
      live = false
    }
  }, [request, mode, view.q])

  const shown = answer?.request === request ? answer : null
  const error = shown?.error ?? null
  const profiles = view.q && !error ? (shown?.results ?? null) : null
  const checked = (profiles ?? []).filter((p) => p.ok).map((p) => p.domain)
  const performance = useApi('appPublisherFigures', checked.length > 0 && bounds ? { query: { domains: checked.join(','), ...bounds } } : null)
  const comparison = comparisonOf(view)
  const before = comparisonBounds(period, comparison)
  const columns = profileColumns(before !== null)
  const performanceBefore = useApi('appPublisherFigures', checked.length > 0 && before ? { query: { domains: checked.join(','), ...before } } : null)
  const results = useMemo(() => {
    const feedOf = new Map((performance.data?.publishers ?? []).map((p) => [p.domain, p]))
    const beforeOf = new Map((performanceBefore.data?.publishers ?? []).map((p) => [p.domain, p.impressions]))
    return profiles?.map((p) => ({ ...p, feed: feedOf.get(p.domain), impressionsBefore: beforeOf.get(p.domain) })) ?? null
  }, [profiles, performance.data, performanceBefore.data])
  const drillPeriod = `period=${view.period}${view.period === 'custom' ? `&date_from=${view.date_from}&date_to=${view.date_to}` : ''}`
  return (
    <div className="page">
      <PageHeader title="Publishers" subtitle="Profile checks from the store's publisher directory" />
      <Card>
        <div className="tabs" role="tablist">
          {MODES.map(([m, label]) => (
            <button key={m} role="tab" aria-selected={mode === m} className={mode === m ? 'on' : ''} onClick={() => setView({ mode: m, q: '' })}>
              {label}
            </button>
          ))}
        </div>
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault()
            setView({ q: input.trim() })
          }}
        >
          {mode === 'bulk' ? (
            <label className="grow">
              Domains or URLs, one per line (at most 100)
              <textarea rows={5} value={input} onChange={(e) => setInput(e.target.value)} placeholder={'example.com\nhttps://www.news.example/a'} required data-search />
            </label>
          ) : (
            <label className="grow">
              {mode === 'one' ? 'Domain or URL' : 'Name, brand or domain (2 characters or more)'}
              <input value={input} onChange={(e) => setInput(e.target.value)} placeholder={mode === 'one' ? 'example.com' : 'Herald'} required data-search />
            </label>
          )}
          <button className="primary" type="submit" disabled={loading}>
            {loading ? 'Checking…' : mode === 'search' ? 'Search' : 'Check'}
          </button>
        </form>
      </Card>
      <ErrorBanner message={error} onRetry={() => setAttempt((n) => n + 1)} />
      <ErrorBanner message={performance.error} onRetry={performance.reload} />
      {shown && shown.bad.length > 0 && (
        <Card title={`${shown.bad.length} line${shown.bad.length === 1 ? '' : 's'} not checked`}>
          <ul className="problems" aria-label="Lines not checked">
            {shown.bad.map((b) => (
              <li key={b.line}>
                line {b.line}, <span className="mono">{b.text}</span>: {b.reason}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {results && results.length === 0 && !loading && <EmptyState title="No publisher found" />}
      {results && results.length > 0 && (
        <Card title={`${results.length} publisher${results.length === 1 ? '' : 's'}`}>
          <div className="filters">
            <PeriodControl
              value={period}
              onChange={(p) => setView(p)}
              presets={EXPLORE_PRESETS}
              compare={{ value: comparison, onChange: (c) => setView(c) }}
            />
            <span className="muted small">Feed figures of the period{performance.loading ? ' (loading…)' : ''}</span>
          </div>
          <DataTable
            label="Publisher profiles"
            columns={[
              {
                ...columns[0]!,
                cell: (r) => (
                  <>
                    <div>{r.title ?? '—'}</div>
                    <div className="mono muted small">{r.domain}</div>
                    <span className="row-actions">
                      <button className="link" onClick={() => navigate(`/articles?domain=${encodeURIComponent(r.domain)}&${drillPeriod}&sort_by=impressions`)}>
                        articles →
                      </button>
                      {r.ok && <TrackButton kind="publisher" itemKey={r.domain} name={r.title ?? r.domain} />}
                    </span>
                  </>
                ),
              },
              ...columns.slice(1),
            ]}
            rows={results}
            rowKey={(r) => r.domain}
            loading={performance.loading}
            exportAs={{ fileName: exportFileName('publishers', mode, mode !== 'bulk' && view.q, periodWords(period)) }}
          />
        </Card>
      )}
    </div>
  )
}
