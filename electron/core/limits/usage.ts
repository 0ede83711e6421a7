import { listKinds, type ListKind } from '../../../shared/contract/values'
import { ApiError } from '../errors'
import type { Store } from '../store/store'

/**
 * The plan's limits on tracking, as the contract counts them: unique items of a kind across the
 * project's lists (keywords with their match type, in active lists); none for trends.
 */

export type Usage = Record<ListKind, { used: number; limit: number | null }>

/** Usage per kind against the plan's limits: the numbers of the app's badges and of the list index. */
export function usageOf(store: Store, projectId: string): Usage {
  const used = store.tracking.usage(projectId)
  const project = store.projects.get(projectId)
  const plan = project ? store.plans.get(project.planId) : undefined
  const limits: Record<ListKind, number | null> = {
    entity: plan?.limitEntity ?? null,
    category: plan?.limitCategory ?? null,
    publisher: plan?.limitPublisher ?? null,
    trend: null,
    mention: plan?.limitMention ?? null,
  }
  return Object.fromEntries(listKinds.map((k) => [k, { used: used.get(k) ?? 0, limit: limits[k] }])) as Usage
}

const KIND_WORDS: Record<ListKind, string> = {
  entity: 'entities',
  category: 'categories',
  publisher: 'publishers',
  trend: 'trends',
  mention: 'keywords (each with its match type, in active lists)',
}

/** Runs a change and undoes it when it takes the project past its plan's limit for a kind. */
export function withinUsageLimit<T>(store: Store, projectId: string, kind: ListKind, change: () => T): T {
  return store.transaction(() => {
    const before = usageOf(store, projectId)[kind]
    const result = change()
    const after = usageOf(store, projectId)[kind]
    if (after.limit !== null && after.used > after.limit && after.used > before.used) {
      const plan = store.plans.get(store.projects.get(projectId)!.planId)!
      throw new ApiError(
        403,
        `The ${plan.name} plan tracks at most ${after.limit} ${KIND_WORDS[kind]} across the project's lists; ` +
          `${before.used} are in use and this change would make it ${after.used}. Remove some items first.`,
      )
    }
    return result
  })
}

