import { useCallback, useEffect, useState } from 'react'
import type { RouteId, RouteResponse } from '../../../shared/contract/routes'
import { useAppStore } from '../stores/app-store'
import { ApiClientError, call, type CallOptions } from './client'

export interface ApiState<T> {
  data: T | null
  error: string | null
  /** The HTTP status of the error (0 when Feedlens did not answer); null without an error. */
  errorStatus: number | null
  /** what was asked for does not exist: a 404, or an id in the path that is none (a 422 on the path alone, from a mistyped link) */
  notFound: boolean
  loading: boolean
  reload(): void
}

interface Answer<T> {
  request: string
  data: T | null
  error: string | null
  errorStatus: number | null
  notFound: boolean
}

/** Whether an error says the thing asked for does not exist: 404, or a 422 whose every complaint is about the path (an id that is no id). */
export function isNotFound(e: unknown): boolean {
  if (!(e instanceof ApiClientError)) return false
  if (e.status === 404) return true
  const detail = (e.body as { detail?: unknown } | null)?.detail
  return e.status === 422 && Array.isArray(detail) && detail.length > 0 && detail.every((d: { loc?: unknown[] }) => d.loc?.[0] === 'path')
}

/** Loads a route whenever its options change; keeps the last answer while the next one loads. */
export function useApi<K extends RouteId>(id: K, options: CallOptions<K> | null): ApiState<RouteResponse<K>> {
  const [tick, setTick] = useState(0)
  const [answer, setAnswer] = useState<Answer<RouteResponse<K>>>({ request: '', data: null, error: null, errorStatus: null, notFound: false })
  // a finished recompute of trends and signals (dataEpoch) loads every view's data again
  const dataEpoch = useAppStore((s) => s.dataEpoch)
  const request = JSON.stringify([id, options, tick, dataEpoch])
  useEffect(() => {
    if (options === null) return
    let live = true
    call(id, options)
      .then((data) => live && setAnswer({ request, data, error: null, errorStatus: null, notFound: false }))
      .catch(
        (e: Error) =>
          live && setAnswer((prev) => ({ request, data: prev.data, error: e.message, errorStatus: e instanceof ApiClientError ? e.status : 0, notFound: isNotFound(e) })),
      )
    return () => {
      live = false
    }
    // The request string captures id, options and tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request])
  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { data: answer.data, error: answer.error, errorStatus: answer.errorStatus, notFound: answer.notFound, loading: options !== null && answer.request !== request, reload }
}

/**
 * What several requests answer together (a chart of several series): `load` runs whenever `key`
 * (which must name everything `load` reads) changes, or a recompute of the analytics finishes;
 * null until it answers, with its error as a sentence.
 */
export function useLoaded<T>(key: string, load: () => Promise<T>): { data: T | null; error: string | null; reload: () => void } {
  const dataEpoch = useAppStore((s) => s.dataEpoch)
  const [tick, setTick] = useState(0)
  const request = `${key}\u0000${dataEpoch}\u0000${tick}`
  const reload = useCallback(() => setTick((t) => t + 1), [])
  const [state, setState] = useState<{ request: string; data: T | null; error: string | null }>({ request: '', data: null, error: null })
  useEffect(() => {
    let live = true
    load().then(
      (data) => live && setState({ request, data, error: null }),
      (e: Error) => live && setState({ request, data: null, error: e.message }),
    )
    return () => {
      live = false
    }
    // the request names everything load reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request])
  return state.request === request ? { data: state.data, error: state.error, reload } : { data: null, error: null, reload }
}
