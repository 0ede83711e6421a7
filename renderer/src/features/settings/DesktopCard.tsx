import { useEffect, useState } from 'react'
import type { DesktopBridge, DesktopInfo } from '../../../../shared/bridge'
import { Card, ErrorBanner } from '../../components/common'

/** Desktop only: the loopback API's port (or off), update checks, the command line tool, the data folder. */
export function DesktopCard({ desktop }: { desktop: DesktopBridge }) {
  const [info, setInfo] = useState<DesktopInfo | null>(null)
  const [port, setPort] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [installed, setInstalled] = useState<string | null>(null)
  const show = (next: DesktopInfo) => {
    setInfo(next)
    setPort(next.portSetting === 'off' ? '' : String(next.portSetting))
  }
  const load = () =>
    desktop.info().then(show, (e: Error) => setError(`The desktop settings could not be read: ${e.message}`))
  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [desktop])
  const change = (patch: Parameters<DesktopBridge['update']>[0]) => {
    setError(null)
    desktop.update(patch).then(show, (e: Error) => setError(e.message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '')))
  }
  const install = () => {
    setError(null)
    desktop.installCommandLine().then(
      (r) => setInstalled(r.onPath ? `Installed as ${r.file}. Open a new terminal and run: feedlens --help` : `Installed as ${r.file}. Add ${r.folder} to your PATH, then run: feedlens --help`),
      (e: Error) => setError(`The command line tool could not be installed: ${e.message}`),
    )
  }
  if (!info) return <Card title="Desktop">{error ? <ErrorBanner message={error} onRetry={() => void load()} /> : <p className="muted" aria-busy="true">Loading…</p>}</Card>
  return (
    <Card title="Desktop">
      <ErrorBanner message={error} />
      <dl className="facts">
        <dt>Data folder</dt>
        <dd className="mono">
          {info.dataDir}{' '}
          <button type="button" className="link" onClick={() => void desktop.openDataFolder()}>
            Open
          </button>
        </dd>
        <dt>Loopback API</dt>
        <dd>{info.port ? <span className="mono">http://127.0.0.1:{info.port}</span> : 'off (the window does not need it; scripts do)'}</dd>
      </dl>
      {info.portNote && <p className="notice warn">{info.portNote}</p>}
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          change({ port: Number(port) })
        }}
      >
        <label>
          Port
          <input type="number" min={1024} max={65535} value={port} onChange={(e) => setPort(e.target.value)} placeholder="off" aria-label="Loopback port" />
        </label>
        <button type="submit" disabled={port === '' || port === String(info.portSetting)}>
          Use this port
        </button>
        <button type="button" disabled={info.portSetting === 'off'} onClick={() => change({ port: 'off' })}>
          Switch off
        </button>
      </form>
      <label className="checkbox">
        <input type="checkbox" checked={info.checkUpdates} onChange={(e) => change({ checkUpdates: e.target.checked })} /> Look for a new version when Feedlens starts (it always asks before downloading)
      </label>
      <p>
        <button type="button" onClick={install}>
          Install command line tool
        </button>{' '}
        <span className="muted small">the feedlens command, on this data folder</span>
      </p>
      {installed && <p className="notice quiet">{installed}</p>}
      <p className="muted small">Version {info.version} · {info.platform}</p>
    </Card>
  )
}
