import { useCallback, useEffect, useState } from 'react'
import type { RouteResponse } from '../../../shared/contract/routes'
import { call } from './client'
import { useAppStore } from '../stores/app-store'

export type Job = RouteResponse<'appGetJob'>['job']

/**
 * Follows a background job until it ends, polling its progress. A job that writes data (an import,
 * a sync, the demo world) moves on to recomputing trends and signals: each new step and its end
 * are looked at in the window's status, so its "recomputing" notice shows, and the views load anew.
 */
export function useJob(onFinished?: (job: Job) => void) {
  const [job, setJob] = useState<Job | null>(null)
  const loadStatus = useAppStore((s) => s.loadStatus)
  useEffect(() => {
    if (!job || job.status !== 'running') return
    const timer = setTimeout(() => {
      call('appGetJob', { params: { job_id: job.id } })
        .then(({ job: next }) => {
          setJob(next)
          if (next.message !== job.message || next.status !== 'running') void loadStatus()
          if (next.status !== 'running') onFinished?.(next)
        })
        .catch(() => setTimeout(() => setJob({ ...job }), 1000))
    }, 400)
    return () => clearTimeout(timer)
  }, [job, onFinished, loadStatus])
  const follow = useCallback((started: Job) => setJob(started), [])
  return { job, follow, clear: useCallback(() => setJob(null), []) }
}

export function ProgressBar({ value, label }: { value: number; label?: string }) {
  return (
    <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value * 100)} aria-label={label}>
      <div className="progress-fill" style={{ width: `${Math.round(value * 100)}%` }} />
    </div>
  )
}
