import { useCallback, useState } from 'react'
import { importFormats, type ImportFormat } from '../../../../shared/contract/values'
import { call } from '../../api/client'
import { ProgressBar, useJob, type Job } from '../../api/use-job'
import { Card, ErrorBanner, formatNumber } from '../../components/common'
import { useAppStore } from '../../stores/app-store'

/** Settings > Import: pick a file, watch its progress, read the summary and the rows it skipped. */
export function ImportPanel() {
  const loadStatus = useAppStore((s) => s.loadStatus)
  const [file, setFile] = useState<File | null>(null)
  const [format, setFormat] = useState<ImportFormat | ''>('')
  const [strict, setStrict] = useState(false)
  const [country, setCountry] = useState('')
  const [error, setError] = useState<string | null>(null)
  const onFinished = useCallback((_job: Job) => void loadStatus(), [loadStatus])
  const { job, follow } = useJob(onFinished)

  async function start(event: React.FormEvent) {
    event.preventDefault()
    if (!file) return
    setError(null)
    try {
      const content = await file.text()
      const { job: started } = await call('appStartImport', {
        body: { file_name: file.name, content, strict, ...(format ? { format } : {}), ...(country ? { country } : {}) },
      })
      follow(started)
    } catch (e) {
      setError((e as Error).message)
    }
  }

  const result = job?.kind === 'import' && job.status === 'done' ? job.result : null
  return (
    <Card title="Import">
      <p className="muted">
        Feed observations or articles as NDJSON or CSV, or the UCI News Aggregator CSV. Importing a file twice changes nothing; bad rows are
        reported by line. Large files import faster with <code>feedlens import</code>.
      </p>
      <form className="inline-form" onSubmit={start} aria-label="Import a file">
        <label>
          File
          <input type="file" accept=".csv,.ndjson,.jsonl,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-label="File to import" />
        </label>
        <label>
          Format
          <select value={format} onChange={(e) => setFormat(e.target.value as ImportFormat | '')}>
            <option value="">detect</option>
            {importFormats.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
        <label>
          Country (UCI)
          <input value={country} onChange={(e) => setCountry(e.target.value.toUpperCase().slice(0, 2))} placeholder="US" size={4} />
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={strict} onChange={(e) => setStrict(e.target.checked)} />
          Strict (refuse a file with a bad row)
        </label>
        <button type="submit" className="primary" disabled={!file || job?.status === 'running'}>
          Import
        </button>
      </form>
      <ErrorBanner message={error ?? (job?.status === 'failed' ? job.error : null)} />
      {job?.status === 'running' && (
        <div className="job">
          <ProgressBar value={job.progress} label="Import progress" />
          <span className="muted">{job.message}</span>
        </div>
      )}
      {result && (
        <div className={result.refused ? 'import-summary refused' : 'import-summary'} role={result.refused ? 'alert' : 'status'}>
          {result.refused ? (
            <strong>
              {result.file} was refused: {plural(result.skipped, 'bad row')}, nothing written. Fix the lines below, or import without strict to keep the
              good rows.
            </strong>
          ) : (
            <strong>
              {result.file}: {plural(result.rows, 'row')}, {plural(result.articles, 'article')}, {plural(result.observationsInserted, 'new observation')}
              {result.observationsDuplicate > 0 && ` (${formatNumber(result.observationsDuplicate)} already stored)`}
              {result.articlesWithFoundEntities > 0 && `, entities found in the text of ${plural(result.articlesWithFoundEntities, 'article')}`}
              {result.skipped > 0 && `, ${plural(result.skipped, 'row')} skipped`}.
            </strong>
          )}
          {result.problems.length > 0 && (
            <ul className="problems">
              {result.problems.map((p) => (
                <li key={p.line}>
                  line {p.line}: {p.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  )
}

/** "1 row", "2 rows", "1,204 rows". */
export function plural(count: number, noun: string): string {
  return `${formatNumber(count)} ${count === 1 ? noun : `${noun}s`}`
}
