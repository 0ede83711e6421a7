import type { Principal } from '../auth/principal'
import type { JobRegistry } from '../jobs/jobs'
import type { MentionScanner } from '../jobs/mention-scan'
import type { Store } from '../store/store'
import type { AnswerCache } from './answer-cache'
import type { KeyVault } from '../sync/key-vault'


export interface RequestContext {
  principal: Principal
  store: Store
  now: Date
  /** Base of cabinet_url values: `{app_url}/article/<id>`. */
  appUrl: string
  jobs: JobRegistry
  /** Background keyword scans of mention lists. */
  scanner: MentionScanner
  /** Computed answers kept while the data holds (one memory for every method). */
  answers: AnswerCache
  /** Where the app keeps upstreams' API keys (Settings > Sources). */
  keyVault: KeyVault
}
