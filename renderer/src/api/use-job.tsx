import { useCallback, useEffect, useState } from 'react'
import type { RouteResponse } from '../../../shared/contract/routes'
import { call } from './client'

export type Job = RouteResponse<'appGetJob'>['job']

/** Follows a background job until it ends, polling its progress. */
export function useJob(onFinished?: (job: Job) => void) {
  const [job, setJob] = useState<Job | null>(null)
  useEffect(() => {
    if (!job || job.status !== 'running') return
    const timer = setTimeout(() => {
      call('appGetJob', { params: { job_id: job.id } })
        .then(({ job: next }) => {
          setJob(next)
          if (next.status !== 'running') onFinished?.(next)
        })
        .catch(() => setTimeout(() => setJob({ ...job }), 1000))
    }, 400)
    return () => clearTimeout(timer)
  }, [job, onFinished])
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
