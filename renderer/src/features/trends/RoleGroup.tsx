import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import type { trendRoles } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { ErrorBanner, formatNumber, Pager } from '../../components/common'
import { useAppStore } from '../../stores/app-store'
import { ROLE_PAGE, trendsQuestions } from './questions'

const ROLE_LABELS: Record<string, string> = {
  F1_trigger: 'Triggers',
  F2_pile_on: 'Pile-on',
  F3_long_tail: 'Long tail',
  F5_one_off: 'One-off',
}

/** The trend's articles of one role, paged to the end; hidden when the role has none. */
export function RoleGroup({ trendId, role, firstPage }: { trendId: string; role: (typeof trendRoles)[number]; firstPage: RouteResponse<'listTrendArticles'> }) {
  const navigate = useAppStore((s) => s.navigate)
  const [offset, setOffset] = useState(0)
  const later = useApi('listTrendArticles', offset > 0 ? trendsQuestions.roleArticles(trendId, role, offset).options : null)
  const data = offset === 0 ? firstPage : later.data
  if (later.error) return <ErrorBanner message={later.error} onRetry={later.reload} />
  if (!data || data.total === 0) return null
  return (
    <div className="role-group" aria-label={`${ROLE_LABELS[role]} articles`} role="region">
      <h3>
        {ROLE_LABELS[role]} <span className="muted">({formatNumber(data.total)})</span>
      </h3>
      <ul className="plain">
        {data.articles.map((a) => (
          <li key={a.id}>
            <button className="link" onClick={() => navigate(`/article/${a.id}`)}>
              {a.title}
            </button>{' '}
            <span className="muted small">
              {a.domain} · {a.country_code}
            </span>
          </li>
        ))}
      </ul>
      {data.total > ROLE_PAGE && <Pager total={data.total} limit={ROLE_PAGE} offset={offset} onChange={setOffset} />}
    </div>
  )
}
