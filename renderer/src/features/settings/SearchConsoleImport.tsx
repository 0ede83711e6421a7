import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { call } from '../../api/client'
import { Card, ErrorBanner, formatNumber } from '../../components/common'
import { useAppStore } from '../../stores/app-store'
import { SearchConsoleConnection } from './SearchConsoleConnection'

/** A file's bytes as base64, read in the window (a zip is binary: it cannot travel as text). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Settings > Search Console: import your site's Discover export (the zip, a CSV table of it, or an API answer file); My site shows it beside the feed. */
export function SearchConsoleImport() {
  const navigate = useAppStore((s) => s.navigate)
  const [file, setFile] = useState<File | null>(null)
  const [property, setProperty] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [report, setReport] = useState<RouteResponse<'appImportSearchConsole'> | null>(null)
  async function start(event: React.FormEvent) {
    event.preventDefault()
    if (!file) return
    setBusy(true)
    setError(null)
    setReport(null)
    try {
      setReport(await call('appImportSearchConsole', { body: { file_name: file.name, content_base64: await base64Of(file), ...(property.trim() ? { property: property.trim() } : {}) } }))
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title="Search Console">
      <p className="muted">
        Your site's Performance &gt; Discover (or Google News) export as Search Console downloads it (the zip, or one of its CSV tables), or a Search Analytics API answer
        (JSON). Its numbers stay on this machine; importing the same file twice changes nothing. Several CSV tables of one export import together with{' '}
        <code>feedlens gsc import</code>.
      </p>
      <form className="inline-form" onSubmit={start} aria-label="Import a Search Console file">
        <label>
          File
          <input type="file" accept=".zip,.csv,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-label="Search Console file" />
        </label>
        <label>
          Property
          <input value={property} onChange={(e) => setProperty(e.target.value)} placeholder="told by the file" size={28} />
        </label>
        <button type="submit" className="primary" disabled={!file || busy}>
          {busy ? 'Importing…' : 'Import export'}
        </button>
      </form>
      <ErrorBanner message={error} />
      {report && (
        <p role="status">
          {report.already_imported ? 'Imported before; nothing changed: ' : 'Imported: '}
          {report.property} ({report.search_type === 'googleNews' ? 'Google News' : 'Discover'}), {report.day_from} to {report.day_to}
          {report.filters ? `, exported with the filters ${report.filters}` : ''}: {formatNumber(report.rows)} rows, {formatNumber(report.pages)} pages ({formatNumber(report.pages_in_store)} of them
          articles of the feed).{' '}
          <button type="button" className="link" onClick={() => navigate(`/site?property=${encodeURIComponent(report.property)}&type=${report.search_type}`)}>
            Open My site
          </button>
        </p>
      )}
      <SearchConsoleConnection />
    </Card>
  )
}
