import type { RouteResponse } from '../../../../shared/contract/routes'
import { listKinds } from '../../../../shared/contract/values'

/** The project's usage of each kind against its plan's limit (a full one stands out). */
export function UsageBadges({ usage }: { usage: RouteResponse<'listTrackingLists'>['usage'] | undefined }) {
  return (
    <div className="badges-row" aria-label="Usage">
      {listKinds.map((kind) => {
        const u = usage?.[kind]
        const full = u && u.limit !== null && u.used >= u.limit
        return (
          <div key={kind} className={`usage-badge ${full ? 'full' : ''}`} title={kind === 'mention' ? 'keywords with their match type, in active lists' : `unique ${kind} items across lists`}>
            <span className="kind">{kind}</span>
            <span className="count">
              {u ? u.used : '—'}
              {u?.limit !== null && u?.limit !== undefined ? ` / ${u.limit}` : ''}
            </span>
          </div>
        )
      })}
    </div>
  )
}
