import { Card, EmptyState, ErrorBanner, PageHeader } from '../../components/common'
import { useDocumentTitle, useDraft, useQueryState } from '../../stores/url-state'
import { bulkLines, useProfileChecks, type Mode } from './profile-checks'
import { ProfileResults } from './ProfileResults'

const MODES: ReadonlyArray<readonly [Mode, string]> = [
  ['one', 'Check a domain'],
  ['bulk', 'Check up to 100'],
  ['search', 'Search by name'],
]

/** Publishers: check one domain, paste up to 100, or search by name; the query is in the URL, and each result leads to its articles. */
export function PublishersPage() {
  const [view, setView] = useQueryState({ mode: 'one', q: '', period: '30d', date_from: '', date_to: '', compare: '', compare_from: '', compare_to: '' })
  const mode: Mode = view.mode === 'bulk' || view.mode === 'search' ? view.mode : 'one'
  const [input, setInput] = useDraft(view.q)
  const { shown, error, profiles, loading, retry } = useProfileChecks(mode, view.q)
  useDocumentTitle(view.q && (mode === 'bulk' ? `${bulkLines(view.q).length} domains` : view.q), 'Publishers')
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
      <ErrorBanner message={error} onRetry={retry} />
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
      {profiles && profiles.length === 0 && !loading && <EmptyState title="No publisher found" />}
      {profiles && profiles.length > 0 && <ProfileResults profiles={profiles} view={view} setView={setView} mode={mode} />}
    </div>
  )
}
