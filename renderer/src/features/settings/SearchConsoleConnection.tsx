import { useCallback, useEffect, useState } from 'react'
import { call } from '../../api/client'
import { bridge } from '../../api/transport'
import { useApi } from '../../api/use-api'
import { ProgressBar, useJob, type Job } from '../../api/use-job'
import { ChoiceSelect } from '../../components/Pickers'
import { ErrorBanner, formatNumber, formatTime } from '../../components/common'
import { useAppStore } from '../../stores/app-store'
import { useAction } from '../../api/use-action'

const STORAGE_WORDS = { 'os-keychain': 'sealed by the OS keychain', 'data-folder': 'in a file of the data folder only you can read' }

/**
 * Settings > Search Console, the live connection: Google's consent for read-only access (an OAuth
 * client of the "Desktop app" kind, its file chosen here), then a property's days pulled from the
 * API as a background job. The token never comes to the window.
 */
export function SearchConsoleConnection() {
  const navigate = useAppStore((s) => s.navigate)
  const state = useApi('appSiteConnection', {})
  const { error, setError, act } = useAction()
  const [site, setSite] = useState('')
  const [since, setSince] = useState('')
  const onFinished = useCallback((finished: Job) => finished.status === 'failed' && setError(finished.error), [setError])
  const { job, follow } = useJob(onFinished)
  const c = state.data
  const waiting = c?.consent_url ?? null
  const { reload } = state
  // while the person answers Google, the window looks every 2 s whether the consent came back
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(reload, 2000)
    return () => clearInterval(timer)
  }, [waiting, reload])

  async function connect(file: File | undefined) {
    if (!file) return
    setError(null)
    try {
      const { consent_url } = await call('appConnectSearchConsole', { body: { client_file: await file.text() } })
      await bridge.openExternal(consent_url)
      reload()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  const chosen = site || c?.sites[0]?.site_url || ''
  const pulled = job?.kind === 'gsc-pull' && job.status === 'done' ? job.result : null
  return (
    <section aria-label="Search Console connection">
      <h3>Live connection</h3>
      <ErrorBanner message={error ?? c?.problem ?? state.error} />
      {!c?.connected ? (
        <>
          <p className="muted">
            Or let Feedlens read the Search Analytics API itself (read-only). Google asks for an OAuth client of your own: create one of the &quot;Desktop app&quot; kind in
            Google Cloud Console (APIs &amp; Services &gt; Credentials, with the Search Console API enabled) and choose its file here; Google then asks for your consent
            in the browser.
          </p>
          <label className="inline-form">
            OAuth client file
            <input type="file" accept=".json" aria-label="OAuth client file" onChange={(e) => void connect(e.target.files?.[0])} />
          </label>
          {waiting && (
            <p role="status">
              Waiting for your consent in the browser…{' '}
              <button type="button" className="link" onClick={() => void bridge.openExternal(waiting)}>
                Open Google&apos;s consent page again
              </button>
            </p>
          )}
        </>
      ) : (
        <>
          <p role="status">
            Connected since {formatTime(c.connected_at)}; its token is {STORAGE_WORDS[c.storage ?? 'data-folder']}. The account may read {formatNumber(c.sites.length)}{' '}
            {c.sites.length === 1 ? 'property' : 'properties'}.
          </p>
          <form className="inline-form" aria-label="Pull from Search Console" onSubmit={(e) => (e.preventDefault(), void act(async () => follow((await call('appPullSearchConsole', { body: { property: chosen, ...(since ? { since } : {}) } })).job)))}>
            <ChoiceSelect label="Property" value={chosen} onChange={setSite} choices={c.sites.map((s) => ({ value: s.site_url, label: s.site_url }))} />
            <label>
              Since
              <input type="date" value={since} onChange={(e) => setSince(e.target.value)} aria-label="Since" />
            </label>
            <button type="submit" className="primary" disabled={!chosen || job?.status === 'running'}>
              Pull
            </button>
            <button type="button" onClick={() => void act(async () => (await call('appDisconnectSearchConsole', {}), reload()))}>
              Disconnect
            </button>
          </form>
          {job?.status === 'running' && <ProgressBar value={job.progress} label="Search Console pull progress" />}
          {job?.status === 'running' && <p className="muted small">{job.message}</p>}
          {pulled && (
            <p role="status">
              Pulled {pulled.property}, {pulled.day_from} to {pulled.day_to}: {formatNumber(pulled.rows)} {pulled.rows === 1 ? 'row' : 'rows'} of {pulled.days_with_rows} of {pulled.days} days ({pulled.days_imported} new or revised).{' '}
              <button type="button" className="link" onClick={() => navigate(`/site?property=${encodeURIComponent(pulled.property)}&type=${pulled.search_type}`)}>
                Open My site
              </button>
            </p>
          )}
        </>
      )}
    </section>
  )
}
