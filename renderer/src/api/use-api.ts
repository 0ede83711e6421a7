import { useCallback, useEffect, useState } from 'react'
import type { RouteId, RouteResponse } from '../../../shared/contract/routes'
import { call, type CallOptions } from './client'

export interface ApiState<T> {
  data: T | null
  error: string | null
  loading: boolean
  reload(): void
}

/** Loads a route whenever its options change; keeps the last answer while reloading. */
export function useApi<K extends RouteId>(id: K, options: CallOptions | null): ApiState<RouteResponse<K>> {
  const [data, setData] = useState<RouteResponse<K> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)
  const key = JSON.stringify(options)
  useEffect(() => {
    if (options === null) return
    let live = true
    setLoading(true)
    call(id, options)
      .then((result) => live && (setData(result), setError(null)))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, key, tick])
  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { data, error, loading, reload }
}
