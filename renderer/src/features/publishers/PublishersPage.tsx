import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { call } from '../../api/client'
import { Card, EmptyState, ErrorBanner, PageHeader } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'

type Profile = RouteResponse<'checkProfile'>
type Mode = 'one' | 'bulk' | 'search'

const profileColumns: Array<Column<Profile>> = [
  { id: 'title', header: 'Publisher', value: (r) => r.title, cell: (r) => r.title ?? '—' },
  { id: 'domain', header: 'Domain', cell: (r) => <span className="mono">{r.domain}</span>, value: (r) => r.domain },
  { id: 'exists', header: 'Profile', value: (r) => r.exists, cell: (r) => (r.exists ? <span className="badge ok">exists</span> : <span className="badge">none</span>) },
  { id: 'knowledge_graph_id', header: 'Knowledge graph', value: (r) => r.knowledgeGraphId, cell: (r) => <span className="mono">{r.knowledgeGraphId ?? '—'}</span> },
  { id: 'followers', header: 'Followers', numeric: true, value: (r) => (r.exists ? Number(r.totalFollowers) : null), cell: (r) => (r.exists ? Number(r.totalFollowers).toLocaleString('en-US') : '—') },
  { id: 'recent', header: 'Recent', title: 'recent publications', numeric: true, value: (r) => r.recentPublications.length, cell: (r) => r.recentPublications.length },
]

/** Publishers: check one domain, paste up to 100, or search by name; each result leads to its articles. */
export function PublishersPage() {
  const navigate = useAppStore((s) => s.navigate)
  const [mode, setMode] = useState<Mode>('one')
  const [input, setInput] = useState('')
  const [results, setResults] = useState<Profile[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function run(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      if (mode === 'one') setResults([await call('checkProfile', { query: { domain: input.trim() } })])
      else if (mode === 'search') setResults((await call('searchProfiles', { query: { q: input.trim() } })).results)
      else {
        const domains = input
          .split(/[\s,;]+/)
          .map((d) => d.trim())
          .filter(Boolean)
        setResults((await call('checkProfilesBulk', { body: { domains } })).results)
      }
    } catch (e) {
      setResults(null)
      setError((e as Error).message)
    }
  }

  const switchTo = (m: Mode) => {
    setMode(m)
    setResults(null)
    setError(null)
  }
  return (
    <div className="page">
      <PageHeader title="Publishers" subtitle="Profile checks from the store's publisher directory" />
      <Card>
        <div className="tabs" role="tablist">
          {(
            [
              ['one', 'Check a domain'],
              ['bulk', 'Check up to 100'],
              ['search', 'Search by name'],
            ] as const
          ).map(([m, label]) => (
            <button key={m} role="tab" aria-selected={mode === m} className={mode === m ? 'on' : ''} onClick={() => switchTo(m)}>
              {label}
            </button>
          ))}
        </div>
        <form className="filters" onSubmit={run}>
          {mode === 'bulk' ? (
            <label className="grow">
              Domains or URLs, one per line (at most 100)
              <textarea rows={5} value={input} onChange={(e) => setInput(e.target.value)} placeholder={'example.com\nhttps://www.news.example/a'} required />
            </label>
          ) : (
            <label className="grow">
              {mode === 'one' ? 'Domain or URL' : 'Name, brand or domain (2 characters or more)'}
              <input value={input} onChange={(e) => setInput(e.target.value)} placeholder={mode === 'one' ? 'example.com' : 'Herald'} required />
            </label>
          )}
          <button className="primary" type="submit">
            {mode === 'search' ? 'Search' : 'Check'}
          </button>
        </form>
      </Card>
      <ErrorBanner message={error} />
      {results && results.length === 0 && <EmptyState title="No publisher found" />}
      {results && results.length > 0 && (
        <Card title={`${results.length} publisher${results.length === 1 ? '' : 's'}`}>
          <DataTable
            label="Publisher profiles"
            columns={[
              ...profileColumns,
              {
                id: 'articles',
                header: '',
                value: null,
                cell: (r) => (
                  <button className="link" onClick={() => navigate(`/articles?domain=${encodeURIComponent(r.domain)}`)}>
                    articles →
                  </button>
                ),
              },
            ]}
            rows={results}
            rowKey={(r) => r.domain}
            exportAs={{ fileName: exportFileName('publishers', mode) }}
          />
        </Card>
      )}
    </div>
  )
}
