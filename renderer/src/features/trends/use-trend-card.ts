import { trendRoles } from '../../../../shared/contract/values'
import { call } from '../../api/client'
import { useApi, useLoaded } from '../../api/use-api'
import { trendsQuestions, type TrendsView } from './questions'

/**
 * Everything the chosen trend's card shows, asked at once when a trend is chosen (not once its
 * card is drawn): the card, the period's figures, its parents and children, and the first page of
 * each role's articles.
 */
export function useTrendCard(selected: string | null, view: TrendsView) {
  const card = useApi('getTrend', selected ? trendsQuestions.card(selected).options : null)
  const figures = useApi('appTrendFigures', selected ? (trendsQuestions.figures(selected, view)?.options ?? null) : null)
  const totals = useApi('appArticleTotals', selected ? (trendsQuestions.totals(selected, view)?.options ?? null) : null)
  const parents = useApi('listTrendParents', selected ? trendsQuestions.parents(selected).options : null)
  const children = useApi('listTrendChildren', selected ? trendsQuestions.children(selected).options : null)
  const rolePages = useLoaded(`roles:${selected ?? ''}`, () =>
    selected ? Promise.all(trendRoles.map((role) => call('listTrendArticles', trendsQuestions.roleArticles(selected, role).options))) : Promise.resolve(null),
  )
  return { card, figures: figures.data?.trend_id === selected ? figures.data : null, totals, parents, children, rolePages }
}

export type TrendCardData = ReturnType<typeof useTrendCard>
