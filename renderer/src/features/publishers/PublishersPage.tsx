import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { call } from '../../api/client'
import { Card, ErrorBanner, PageHeader } from '../../components/common'

type Result = RouteResponse<'checkProfile'>

/** Publishers: check a domain's profile in the store's publisher directory. */
export function PublishersPage() {
  const [domain, setDomain] = useState('')
  const [result, setResult] = useState<Result | null>(null)
  const [error, setError] = useState<string | null>(null)
  async function check(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      setResult(await call('checkProfile', { query: { domain } }))
    } catch (e) {
      setResult(null)
      setError((e as Error).message)
    }
  }
  return (
    <div className="page">
      <PageHeader title="Publishers" subtitle="Profile checks by domain" />
      <form className="filters" onSubmit={check}>
        <label className="grow">
          Domain or URL
          <input value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="example.com" required />
        </label>
        <button className="primary" type="submit">
          Check
        </button>
      </form>
      <ErrorBanner message={error} />
      {result && (
        <Card title={result.title ?? result.domain}>
          <dl className="facts">
            <dt>Domain</dt>
            <dd>{result.domain}</dd>
            <dt>Profile</dt>
            <dd>{result.exists ? 'exists' : 'not found'}</dd>
            <dt>Knowledge graph</dt>
            <dd className="mono">{result.knowledgeGraphId ?? '—'}</dd>
            <dt>Followers</dt>
            <dd>{result.totalFollowers ?? '—'}</dd>
            <dt>Recent publications</dt>
            <dd>{result.recentPublications.length}</dd>
          </dl>
        </Card>
      )}
    </div>
  )
}
