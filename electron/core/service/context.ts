import type { JobRegistry } from '../jobs/jobs'
import type { MentionScanner } from '../jobs/mention-scan'
import type { Store } from '../store/store'

export interface PlanLimits {
  id: string
  name: string
  apiAccess: boolean
  historyDays: number | null
  requestsPerMinute: number | null
  requestsPerMonth: number | null
  keysPerProject: number | null
  limitEntity: number | null
  limitCategory: number | null
  limitPublisher: number | null
  limitMention: number | null
}

/** Who is asking. */
export type Principal =
  | { kind: 'project-key'; keyId: string; projectId: string; countries: string[] | null; plan: PlanLimits }
  | { kind: 'internal-key'; keyId: string; countries: string[] | null; plan: PlanLimits }
  | { kind: 'app'; projectId: string | null; plan: PlanLimits | null }
  | { kind: 'anonymous' }

export interface RequestContext {
  principal: Principal
  store: Store
  now: Date
  /** Base of cabinet_url values: `{app_url}/article/<id>`. */
  appUrl: string
  jobs: JobRegistry
  /** Background keyword scans of mention lists. */
  scanner: MentionScanner
}
