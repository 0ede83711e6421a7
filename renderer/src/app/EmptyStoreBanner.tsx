import { useCallback } from 'react'
import { call } from '../api/client'
import { ProgressBar, useJob } from '../api/use-job'
import { useAppStore } from '../stores/app-store'

/** First start: an empty store offers the demo world (or an import, in Settings). */
export function EmptyStoreBanner() {
  const status = useAppStore((s) => s.status)
  const loadStatus = useAppStore((s) => s.loadStatus)
  const navigate = useAppStore((s) => s.navigate)
  const onFinished = useCallback(() => {
    void loadStatus().then(() => window.location.reload())
  }, [loadStatus])
  const { job, follow } = useJob(onFinished)
  if (!status || (status.counts.articles > 0 && job?.status !== 'running')) return null
  return (
    <div className="welcome" role="region" aria-label="Empty store">
      <div>
        <strong>This store is empty.</strong> Build the demo world (five countries, 90 days of feed snapshots; about 15 seconds) or import your own
        data.
      </div>
      {job?.status === 'running' ? (
        <div className="job">
          <ProgressBar value={job.progress} label="Demo world progress" />
          <span className="muted">{job.message}</span>
        </div>
      ) : (
        <div className="actions">
          <button className="primary" onClick={() => void call('appBuildDemo', { body: { scale: 'small' } }).then((r) => follow(r.job))}>
            Build the demo world
          </button>
          <button onClick={() => navigate('/settings')}>Import data…</button>
        </div>
      )}
      {job?.status === 'failed' && <div className="danger-text">{job.error}</div>}
    </div>
  )
}
