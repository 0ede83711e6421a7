import { useCallback, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { call } from '../../api/client'
import { useApi } from '../../api/use-api'
import { ProgressBar, useJob, type Job } from '../../api/use-job'
import { Card, ErrorBanner, formatNumber, formatTime } from '../../components/common'
import { DataTable, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'

type Source = RouteResponse<'appListSources'>['sources'][number]

const SCHEDULES: Array<[string, number | null]> = [
  ['only when asked', null],
  ['every hour', 60],
  ['every 3 hours', 180],
  ['every day', 1440],
]

const count = formatNumber

/** What the last run of a source brought, in a sentence. */
export function lastRunText(source: Pick<Source, 'last_synced_at' | 'last_result'>): string {
  const r = source.last_result
  if (!source.last_synced_at || !r) return 'Never synced.'
  const brought = r.observations === 0 && r.articles === 0 ? 'nothing new' : `${count(r.articles)} articles, ${count(r.observations)} new observations`
  return r.error ? `${formatTime(source.last_synced_at)}: stopped after ${brought}: ${r.error}` : `${formatTime(source.last_synced_at)}: ${brought}.`
}

function sourceColumns(actions: { sync(s: Source): void; remove(s: Source): void; busy: (s: Source) => boolean }): Array<Column<Source>> {
  return [
    { id: 'url', header: 'Upstream', cell: (s) => <span className="mono">{s.url}</span> },
    { id: 'countries', header: 'Markets', cell: (s) => s.countries?.join(', ') ?? "all the key's" },
    {
      id: 'key',
      header: 'Key',
      cell: (s) => (s.key_storage === 'os-keychain' ? 'in the OS keychain' : s.key_storage === 'data-folder' ? 'in the data folder' : <span className="badge danger">none</span>),
    },
    { id: 'schedule', header: 'Schedule', cell: (s) => SCHEDULES.find(([, m]) => m === s.schedule_minutes)?.[0] ?? `every ${s.schedule_minutes} min` },
    { id: 'last', header: 'Last sync', cell: (s) => <span className={s.last_result?.error ? 'danger-text' : undefined}>{lastRunText(s)}</span> },
    {
      id: 'actions',
      header: '',
      nowrap: true,
      cell: (s) => (
        <span className="row-actions">
          <button className="primary" disabled={actions.busy(s) || !s.key_storage} onClick={() => actions.sync(s)}>
            Sync now
          </button>
          <button disabled={actions.busy(s)} onClick={() => actions.remove(s)}>
            Remove
          </button>
        </span>
      ),
    },
  ]
}

/**
 * Settings > Sources: other Feedlens instances (or any service with the contract's /v2/feed) this
 * store pulls from. The key goes to the OS keychain on desktop and is never shown again; "Sync now"
 * shows the same progress as an import, and a schedule syncs while the app runs.
 */
export function SourcesCard() {
  const loadStatus = useAppStore((s) => s.loadStatus)
  const sources = useApi('appListSources', {})
  const [url, setUrl] = useState('')
  const [key, setKey] = useState('')
  const [countries, setCountries] = useState('')
  const [schedule, setSchedule] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reload = sources.reload
  const onFinished = useCallback(
    (_job: Job) => {
      reload()
      void loadStatus()
    },
    [reload, loadStatus],
  )
  const { job, follow } = useJob(onFinished)

  async function add(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      const markets = countries
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean)
      await call('appSaveSource', { body: { url, key, ...(markets.length ? { countries: markets } : {}), schedule_minutes: schedule ? Number(schedule) : null } })
      setKey('')
      setUrl('')
      setCountries('')
      reload()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  async function sync(s: Source) {
    setError(null)
    try {
      follow((await call('appSyncSource', { body: { url: s.url } })).job)
    } catch (e) {
      setError((e as Error).message)
    }
  }

  async function remove(s: Source) {
    if (!window.confirm(`Forget ${s.url}? What it brought stays in this store.`)) return
    try {
      await call('appRemoveSource', { body: { url: s.url } })
      reload()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  const running = job?.status === 'running' ? job : null
  const syncResult = job?.kind === 'sync' && job.status === 'done' ? job.result : null
  return (
    <Card title="Sources">
      <p className="muted">
        Pull what another Feedlens (a team&apos;s workstation or server) collected: it sends what arrived since the last sync, and nothing twice.
        Create a key there (limited to the markets you need) and add it here. From a terminal: <code>feedlens sync --from URL --key KEY</code>.
      </p>
      <form className="inline-form" onSubmit={add} aria-label="Add a source">
        <label>
          Address
          <input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="http://192.168.1.20:4711" required />
        </label>
        <label>
          API key
          <input type="password" value={key} onChange={(e) => setKey(e.target.value)} placeholder="fl_…" autoComplete="off" required />
        </label>
        <label>
          Countries
          <input value={countries} onChange={(e) => setCountries(e.target.value)} placeholder="the key's, or US,DE" />
        </label>
        <label>
          Sync
          <select value={schedule} onChange={(e) => setSchedule(e.target.value)}>
            {SCHEDULES.map(([label, minutes]) => (
              <option key={label} value={minutes ?? ''}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary">
          Add source
        </button>
      </form>
      <ErrorBanner message={error ?? sources.error ?? (job?.status === 'failed' ? job.error : null)} />
      {running && (
        <div className="job">
          <ProgressBar value={running.progress} label="Sync progress" />
          <span className="muted">{running.message}</span>
        </div>
      )}
      {syncResult && (
        <div className="import-summary" role="status">
          Synced: {count(syncResult.elements)} elements, {count(syncResult.articles)} articles, {count(syncResult.observations)} new observations.
        </div>
      )}
      <DataTable
        label="Sources"
        columns={sourceColumns({ sync: (s) => void sync(s), remove: (s) => void remove(s), busy: (s) => s.job_id !== null || running !== null })}
        rows={sources.data?.sources ?? []}
        rowKey={(s) => s.url}
        loading={sources.loading}
        empty={<p className="muted">No sources yet: this store has what was imported here.</p>}
      />
    </Card>
  )
}
