import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { call } from '../../api/client'
import { useApi } from '../../api/use-api'
import { Card, ErrorBanner, formatTime } from '../../components/common'
import { DataTable, type Column } from '../../components/DataTable'

type ApiKey = RouteResponse<'appListKeys'>['keys'][number]

function keyColumns(revoke: (id: string, name: string) => Promise<void>): Array<Column<ApiKey>> {
  return [
    { id: 'name', header: 'Name', cell: (k) => k.name },
    { id: 'prefix', header: 'Key', cell: (k) => <span className="mono">{k.prefix}…</span> },
    { id: 'scope', header: 'Scope', cell: (k) => (k.internal ? 'internal' : 'project') },
    { id: 'countries', header: 'Countries', cell: (k) => k.countries?.join(', ') ?? 'all' },
    { id: 'created_at', nowrap: true, header: 'Created', cell: (k) => formatTime(k.created_at) },
    { id: 'last_used_at', nowrap: true, header: 'Last used', cell: (k) => formatTime(k.last_used_at) },
    { id: 'status', header: 'Status', cell: (k) => (k.revoked_at ? <span className="badge danger">revoked</span> : <span className="badge ok">active</span>) },
    { id: 'revoke', header: '', cell: (k) => !k.revoked_at && <button onClick={() => void revoke(k.id, k.name)}>Revoke</button> },
  ]
}

/** The API keys of local scripts: create one (its value shown once), list them, revoke one. */
export function ApiKeysCard() {
  const keys = useApi('appListKeys', {})
  const [name, setName] = useState('')
  const [countries, setCountries] = useState('')
  const [internal, setInternal] = useState(false)
  const [created, setCreated] = useState<{ name: string; value: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)

  async function createKey(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    setCopied(false)
    try {
      const list = countries.split(',').map((c) => c.trim()).filter(Boolean)
      const result = await call('appCreateKey', {
        body: { name, internal, ...(list.length > 0 ? { countries: list } : {}) },
      })
      setCreated({ name: result.key.name, value: result.value })
      setName('')
      setCountries('')
      keys.reload()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  async function revoke(id: string, keyName: string) {
    if (!window.confirm(`Revoke the key "${keyName}"? Scripts using it will get 401 from now on.`)) return
    try {
      await call('appRevokeKey', { params: { key_id: id } })
      keys.reload()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  return (
    <Card title="API keys">
      <p className="muted">
        Scripts on this machine call the loopback API with a key in the <code>X-API-Key</code> header (or{' '}
        <code>Authorization: Bearer</code>). A key is shown once, when it is created.
      </p>
      <form className="inline-form" onSubmit={createKey} aria-label="Create an API key">
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Weekly report script" required />
        </label>
        <label>
          Countries
          <input value={countries} onChange={(e) => setCountries(e.target.value)} placeholder="all, or US,DE" />
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} />
          Internal (not tied to the project)
        </label>
        <button type="submit" className="primary">
          Create key
        </button>
      </form>
      <ErrorBanner message={error ?? keys.error} />
      {created && (
        <div className="key-reveal" role="status">
          <strong>Key "{created.name}" created.</strong> Copy it now; it will not be shown again.
          <div className="key-value">
            <code data-testid="new-key-value">{created.value}</code>
            <button
              onClick={() => {
                void navigator.clipboard?.writeText(created.value).then(() => setCopied(true))
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button onClick={() => setCreated(null)}>Done</button>
          </div>
        </div>
      )}
      <DataTable
        label="API keys"
        columns={keyColumns(revoke)}
        rows={keys.data?.keys ?? []}
        rowKey={(k) => k.id}
        loading={keys.loading}
        empty={<p className="muted">No keys yet.</p>}
      />
    </Card>
  )
}
