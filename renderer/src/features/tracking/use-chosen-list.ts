import { useEffect } from 'react'
import { callAhead } from '../../api/client'
import { useApi } from '../../api/use-api'
import { metricsRequest } from './MetricsPanel'
import { windowQuery, type TrackingWindow } from './WindowPicker'

export const TABS = ['metrics', 'rollup', 'matches', 'edit'] as const
export type Tab = (typeof TABS)[number]

/**
 * The list the path names (else the first), its details and tab. The metrics tab's first page is
 * asked with the details, not after them (once the list is there, its panel asks for itself); a
 * mention list being scanned is looked at again until its scan is done.
 */
export function useChosenList(path: readonly string[], firstListId: string | null, window: TrackingWindow) {
  const selectedId = path[0] ?? firstListId
  const detail = useApi('getTrackingList', selectedId ? { params: { list_id: selectedId } } : null)
  const list = detail.data && detail.data.id === selectedId ? detail.data : null
  const tab: Tab = TABS.includes(path[1] as Tab) ? (path[1] as Tab) : 'metrics'
  const windowParams = tab === 'metrics' && selectedId && !list ? windowQuery(window) : null
  const ahead = windowParams && selectedId ? metricsRequest(selectedId, windowParams, 'day', 0) : null
  const aheadKey = JSON.stringify(ahead)
  useEffect(() => {
    if (ahead) callAhead('getTrackingMetrics', ahead)
    // the key names the whole request
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [aheadKey])
  const scanning = list?.kind === 'mention' && (list.scan_status === 'pending' || list.scan_status === 'scanning')
  const reloadDetail = detail.reload
  useEffect(() => {
    if (!scanning) return
    const timer = setInterval(reloadDetail, 2000)
    return () => clearInterval(timer)
  }, [scanning, reloadDetail])
  return { selectedId, detail, list, tab }
}
